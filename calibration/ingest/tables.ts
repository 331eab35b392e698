/**
 * The Arrow tables `colloc ingest` writes, one file per table (`<name>.arrow`): columns, types, meanings and
 * the sort key that makes row order deterministic. Times are seconds since the Unix epoch unless named _us
 * (microseconds from the trace start) or _s (seconds since a replay's start, or a duration).
 */
import { optional as opt, required as req, type RowOf, type TableSpec } from "./arrow-table.ts";

const runId = req("utf8", "run id (manifest run_id)");
const proc = req("i32", "process index within the run (manifest processes[].proc)");

export const RUNS = {
  run_id: runId,
  experiment: req("utf8", "experiment name (plan entry)"),
  mode: req("utf8", "sharing mode: exclusive, naive, mps, mps-partitioned, green, mig or replay"),
  sharing: opt("utf8", "replay runs: the sharing mode the jobs ran under"),
  launch: opt(
    "utf8",
    "replay runs: fresh-process (each job launched at its start) or warm-workers (torch imported before the clock)",
  ),
  co_runners: req("utf8", "the processes' workloads, sorted, ' + '-joined, 'xN' for N copies"),
  process_count: req("i32", "number of processes"),
  status: req("utf8", "the profiler's run status: running, complete, partial or failed"),
  validation: req("bool", "true when calibration must never fit this run"),
  repeat: req("i32", "repeat number of the same experiment (1-based)"),
  gpu_name: req("utf8", "GPU name as NVML reports it"),
  gpu_uuid: req("utf8", "GPU UUID"),
  gpu_sm_count: req("i32", "SMs of the GPU"),
  gpu_memory_bytes: req("i64", "device memory of the GPU, bytes"),
  gpu_mig_mode: opt("utf8", "MIG mode as NVML reports it"),
  driver: req("utf8", "NVIDIA driver version"),
  cuda: opt("utf8", "CUDA version PyTorch was built with"),
  python: req("utf8", "Python version"),
  torch: opt("utf8", "PyTorch version"),
  timm: opt("utf8", "timm version"),
  profiler: req("utf8", "colloc profiler version"),
  command: req("utf8", "command line that made the run"),
  started_at: req("f64", "run start"),
  ended_at: opt("f64", "run end (null when it never ended)"),
  window_start: opt("f64", "start of the measurement window all processes share"),
  window_end: opt("f64", "end of the shared measurement window"),
  warmup_s: req("f64", "warm-up duration asked for, seconds"),
  min_warmup_steps: req("i32", "minimum warm-up steps"),
  measure_s: req("f64", "measurement duration asked for, seconds"),
  min_steps: req("i32", "minimum measured steps"),
  trace_iters: req("i32", "kernel-traced iterations per process"),
  data: req("utf8", "input data: 'synthetic' or a dataset path"),
  loader_workers: req("i32", "data-loader workers per process"),
  sample_hz: req("f64", "GPU sampling rate asked for, Hz"),
  memory_cap_gib: opt("f64", "PyTorch memory cap of each process, GiB (memory-cap runs); null: none"),
  loop: req(
    "utf8",
    "training loop: sync (waits for each step's loss, as timm's train.py) or inflight (one step in flight; runs " +
      "recorded before the setting existed)",
  ),
  cudnn_benchmark: req(
    "bool",
    "cuDNN autotuning on (as timm's train.py; so in runs recorded before the setting existed)",
  ),
  start: req(
    "utf8",
    "how a mix's processes started: together (so in runs recorded before the setting existed), staggered or isolated",
  ),
  measure: req(
    "utf8",
    "shared (every process in one window; so in runs recorded before the setting existed) or turns (each alone in " +
      "turn after all warmed up together: a started-together probe, docs/calibration.md)",
  ),
  capabilities: req("utf8", "what the host offered (MPS, GPM, green contexts...), as JSON with sorted keys"),
  notes: req("utf8", "free-text notes"),
  ingest_status: req("utf8", "ok; truncated (cut-off last lines, whole lines kept); corrupt (rows left out)"),
  ingest_issues: opt("utf8", "every line that could not be imported, as 'file:line: reason', '; '-joined"),
} satisfies TableSpec;

export const WORKLOADS = {
  run_id: runId,
  workload: req("utf8", "workload id"),
  model: req("utf8", "timm model name"),
  classes: req("i32", "output classes"),
  batch: req("i32", "batch size"),
  input_c: req("i32", "input channels"),
  input_h: req("i32", "input height, pixels"),
  input_w: req("i32", "input width, pixels"),
  dataset: req("utf8", "dataset the epoch is defined by"),
  images_per_epoch: req("i64", "images in one epoch"),
  kind: req("utf8", "timm or fake (the profiler's test workload)"),
} satisfies TableSpec;

export const PROCS = {
  run_id: runId,
  proc,
  workload: req("utf8", "workload id"),
  sm_limit: opt("i32", "SM cap asked for (MPS active-thread limit or green context), SMs"),
  mps_percentage: opt("f64", "MPS active-thread percentage set for the process"),
  mig_uuid: opt("utf8", "MIG instance the process ran in"),
  mig_profile: opt("utf8", "MIG runs: the instance profile the process ran in (e.g. 1g.18gb)"),
  job: opt("utf8", "replay runs: the scenario job the process ran"),
  worker_prior_jobs: opt(
    "i32",
    "experiments the worker process ran before this one (0: fresh); null: recorded before 2026-12-02",
  ),
  sm_count_seen: opt("i32", "SMs the process saw"),
  pid: opt("i64", "operating-system process id"),
  outcome: opt("utf8", "ok, oom, error or killed; null when the process left no end record"),
  steps_measured: opt("i32", "steps inside the measurement window"),
  step_time_median_s: opt("f64", "median synchronized step time in the window, seconds"),
  throughput_img_s: opt("f64", "training throughput in the window, images per second"),
  epoch_time_s: opt("f64", "time for one epoch of the workload's dataset, seconds"),
  mem_allocated_peak_bytes: opt("i64", "PyTorch peak allocated memory, bytes"),
  mem_reserved_peak_bytes: opt("i64", "PyTorch peak reserved memory, bytes"),
  nvml_mem_bytes: opt("i64", "device memory NVML charged to the process, bytes"),
  error: opt("utf8", "error message when the outcome is not ok"),
} satisfies TableSpec;

export const STEPS = {
  run_id: runId,
  proc,
  step: req("i32", "step number"),
  t_end: req("f64", "when the GPU finished the step"),
  dt_s: req("f64", "synchronized step time, seconds"),
  launch_s: opt("f64", "seconds the host took to launch the step (null in runs recorded before 2026-12-03)"),
  phase: req("utf8", "warmup, measure, trace or job"),
} satisfies TableSpec;

export const SAMPLES = {
  run_id: runId,
  t: req("f64", "sample time"),
  in_window: req("bool", "true when t lies in the run's shared measurement window"),
  util_gpu: opt("f64", "NVML GPU utilization: percent of time a kernel ran"),
  util_mem: opt("f64", "NVML memory utilization, percent"),
  mem_used_bytes: opt("i64", "device memory used, bytes"),
  power_w: opt("f64", "board power, watts"),
  sm_clock_mhz: opt("f64", "SM clock, MHz"),
  gpm_sm_util: opt("f64", "GPM SM utilization (SM activity), percent"),
  gpm_sm_occupancy: opt("f64", "GPM SM occupancy, percent"),
  gpm_dram_bw_util: opt("f64", "GPM DRAM bandwidth utilization, percent"),
} satisfies TableSpec;

export const KERNELS = {
  run_id: runId,
  proc,
  iter: req("i32", "traced iteration"),
  name: req(
    "dict",
    "kernel name (dictionary-encoded strings: few distinct names, many rows; pandas reads a categorical)",
  ),
  start_us: req("f64", "kernel start, microseconds from the trace start"),
  dur_us: req("f64", "kernel duration, microseconds"),
  grid_x: req("i32", "grid size x"),
  grid_y: req("i32", "grid size y"),
  grid_z: req("i32", "grid size z"),
  block_x: req("i32", "block size x"),
  block_y: req("i32", "block size y"),
  block_z: req("i32", "block size z"),
  registers: opt("i32", "registers per thread"),
  shared_mem_bytes: opt("i64", "shared memory per block, bytes"),
  stream: opt("i64", "CUDA stream id"),
} satisfies TableSpec;

export const ITERATIONS = {
  run_id: runId,
  proc,
  iter: req("i32", "traced iteration"),
  wall_us: req("f64", "iteration wall time, microseconds"),
  busy_us: req("f64", "union of kernel intervals, microseconds"),
  idle_us: req("f64", "wall time with no kernel of the process, microseconds"),
  gap_count: req("i32", "idle gaps between kernels"),
  max_gap_us: req("f64", "longest idle gap, microseconds"),
  kernel_count: req("i32", "kernels launched"),
  start_unix_us: opt(
    "f64",
    "iteration start on the wall clock, microseconds since the epoch (traces from session 48 on)",
  ),
} satisfies TableSpec;

export const EVENTS = {
  run_id: runId,
  t: req("f64", "event time"),
  kind: req("utf8", "start, warmup_done, measure_start, measure_end, oom, error, exit, mps_daemon_*, job_*"),
  proc: opt("i32", "process the event is about"),
  detail: opt("utf8", "free text"),
} satisfies TableSpec;

export const JOBS = {
  run_id: runId,
  job: req("utf8", "scenario job id"),
  workload: req("utf8", "workload id"),
  proc,
  arrival_s: req("f64", "arrival, seconds since the replay start"),
  start_s: opt("f64", "process start, seconds since the replay start"),
  train_start_s: opt("f64", "first training step, seconds since the replay start"),
  finish_s: opt("f64", "finish, seconds since the replay start"),
  steps: req("i32", "steps trained"),
  steps_target: req("i32", "steps the job asked for"),
  outcome: req("utf8", "ok, oom, error or killed"),
} satisfies TableSpec;

export const OVERHEAD = {
  run_id: runId,
  block: req("i32", "timed block"),
  kind: req("utf8", "bare (plain training loop) or instrumented (with colloc's measurement)"),
  steps: req("i32", "steps in the block"),
  seconds: req("f64", "block duration, seconds"),
  throughput_img_s: req("f64", "throughput in the block, images per second"),
} satisfies TableSpec;

/** Each table with the columns its rows are sorted by (ties keep file order, itself deterministic). */
export const TABLES = {
  runs: { spec: RUNS, key: ["run_id"] },
  workloads: { spec: WORKLOADS, key: ["run_id", "workload"] },
  procs: { spec: PROCS, key: ["run_id", "proc"] },
  steps: { spec: STEPS, key: ["run_id", "proc", "step"] },
  samples: { spec: SAMPLES, key: ["run_id", "t"] },
  kernels: { spec: KERNELS, key: ["run_id", "proc", "iter", "start_us"] },
  iterations: { spec: ITERATIONS, key: ["run_id", "proc", "iter"] },
  events: { spec: EVENTS, key: ["run_id", "t"] },
  jobs: { spec: JOBS, key: ["run_id", "job"] },
  overhead: { spec: OVERHEAD, key: ["run_id", "block", "kind"] },
} as const;

export type TableName = keyof typeof TABLES;

export type RunRow = RowOf<typeof RUNS>;
export type WorkloadRow = RowOf<typeof WORKLOADS>;
export type ProcRow = RowOf<typeof PROCS>;
export type StepRow = RowOf<typeof STEPS>;
export type SampleRow = RowOf<typeof SAMPLES>;
export type KernelRow = RowOf<typeof KERNELS>;
export type IterationRow = RowOf<typeof ITERATIONS>;
export type EventRow = RowOf<typeof EVENTS>;
export type JobRow = RowOf<typeof JOBS>;
export type OverheadRow = RowOf<typeof OVERHEAD>;

/** Every table's rows, as ingest builds them before they become Arrow. */
export type IngestedRows = { [N in TableName]: RowOf<(typeof TABLES)[N]["spec"]>[] };
