/**
 * TypeScript shapes of the profiler's run records, as profiler/schemas/*.schema.json define them (see
 * docs/run-format.md). The reader checks every record against those schemas, so code past it trusts these shapes.
 */

import type { SharingMode } from "../../sim/hardware/index.ts";

/** A run's mode: a sharing mode, or a live replay of a scenario (whose `sharing` says how its GPU was shared). */
export type RunMode = SharingMode | "replay";

export interface ManifestProcess {
  proc: number;
  workload: string;
  sm_limit?: number | null;
  mps_percentage?: number | null;
  /** SMs the process saw (torch's multi_processor_count under an MPS cap or green context). */
  sm_count_seen?: number | null;
  mig_uuid?: string | null;
  /** MIG runs: the instance profile the process ran in. */
  mig_profile?: string | null;
  /** The scenario job a replay process ran. */
  job?: string | null;
  /** Experiments its worker process ran before (0: fresh); absent in runs recorded before 2026-12-02. */
  worker_prior_jobs?: number;
}

export interface WorkloadDefinition {
  model: string;
  classes: number;
  batch: number;
  input: [number, number, number];
  dataset: string;
  images_per_epoch: number;
  kind: "timm" | "fake";
}

export interface Manifest {
  schema: "colloc.run/1";
  run_id: string;
  experiment: string;
  mode: RunMode;
  /** Replay runs: the sharing setup the jobs ran under. */
  sharing?: SharingMode;
  /** Replay runs: how jobs were started; absent in replays recorded before the option (warm workers). */
  launch?: "fresh-process" | "warm-workers";
  processes: ManifestProcess[];
  workloads: Record<string, WorkloadDefinition>;
  gpu: {
    name: string;
    uuid: string;
    sm_count: number;
    memory_bytes: number;
    driver: string;
    cuda: string | null;
    mig_mode?: string | null;
  };
  software: { python: string; torch: string | null; timm: string | null; profiler: string };
  capabilities?: Record<string, boolean | string | number | null>;
  settings: {
    warmup_s: number;
    min_warmup_steps: number;
    measure_s: number;
    min_steps: number;
    trace_iters: number;
    data: string;
    loader_workers: number;
    sample_hz: number;
    memory_cap_gib?: number;
    /** Absent in runs recorded before the loop was a setting: they kept one step in flight. */
    loop?: "sync" | "inflight";
    /** cuDNN autotuning; absent in runs recorded before it was a setting: on. */
    cudnn_benchmark?: boolean;
    /** How a mix's processes started; absent: together. */
    start?: "together" | "staggered" | "isolated";
    /** How the mix was measured once warm (each alone in turn: a started-together probe); absent: shared. */
    measure?: "shared" | "turns";
  };
  command: string;
  started_at: number;
  ended_at: number | null;
  status: "running" | "complete" | "partial" | "failed";
  /** The profiler process writing the manifest (newer runs): how a stale `running` is told from a live one. */
  coordinator?: { host: string; pid: number };
  window: { start: number; end: number } | null;
  validation: boolean;
  repeat: number;
  notes: string;
}

export type Outcome = "ok" | "oom" | "error" | "killed";

export interface ProcRecord {
  proc: number;
  workload: string;
  pid: number | null;
  outcome: Outcome;
  steps_measured: number;
  step_time_median_s: number | null;
  throughput_img_s: number | null;
  epoch_time_s: number | null;
  mem_allocated_peak_bytes: number | null;
  mem_reserved_peak_bytes: number | null;
  nvml_mem_bytes: number | null;
  sm_count_seen: number | null;
  error: string | null;
}

export interface StepRecord {
  proc: number;
  step: number;
  t_end: number;
  dt_s: number;
  /** Seconds the host took to launch the step (absent in runs recorded before 2026-12-03). */
  launch_s?: number;
  phase: "warmup" | "measure" | "trace" | "job";
}

export interface SampleRecord {
  t: number;
  util_gpu: number | null;
  util_mem: number | null;
  mem_used_bytes: number | null;
  power_w: number | null;
  sm_clock_mhz: number | null;
  gpm_sm_util?: number | null;
  gpm_sm_occupancy?: number | null;
  gpm_dram_bw_util?: number | null;
}

export interface KernelRecord {
  proc: number;
  iter: number;
  name: string;
  start_us: number;
  dur_us: number;
  grid: [number, number, number];
  block: [number, number, number];
  registers: number | null;
  shared_mem_bytes: number | null;
  stream: number | null;
}

export interface IterationRecord {
  proc: number;
  iter: number;
  wall_us: number;
  busy_us: number;
  idle_us: number;
  gap_count: number;
  max_gap_us: number;
  kernel_count: number;
  /** The iteration's start on the wall clock (microseconds since the epoch): lays processes' traces on one line. */
  start_unix_us?: number;
}

export interface EventRecord {
  t: number;
  kind: string;
  proc?: number | null;
  detail?: string | null;
}

export interface JobRecord {
  job: string;
  workload: string;
  proc: number;
  arrival_s: number;
  start_s: number | null;
  train_start_s: number | null;
  finish_s: number | null;
  steps: number;
  steps_target: number;
  outcome: Outcome;
}

/** One timed block of the measurement-overhead check (bare loop vs instrumented loop). */
export interface OverheadRecord {
  block: number;
  kind: "bare" | "instrumented";
  steps: number;
  seconds: number;
  throughput_img_s: number;
}

/** The records of each JSON Lines stream, by stream name (= file name without .jsonl). */
export interface StreamRecords {
  procs: ProcRecord[];
  steps: StepRecord[];
  samples: SampleRecord[];
  kernels: KernelRecord[];
  iterations: IterationRecord[];
  events: EventRecord[];
  jobs: JobRecord[];
  overhead: OverheadRecord[];
}
