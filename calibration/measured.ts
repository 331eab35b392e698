/**
 * What a profiler run measured, per process and per run, in the units the sharing models predict: steps per
 * second, fractions (0..1), bytes and watts. Calibration fits to these figures and validation compares with them.
 */
import { group } from "d3-array";
import { meanOrNull } from "./fit/stats.ts";
import { SHARING_MODES } from "../sim/hardware/index.ts";
import type { SharingMode } from "../sim/sharing/types.ts";
import type { Dataset } from "./dataset.ts";
import type { ProcRow, RunRow, SampleRow } from "./ingest/tables.ts";

export interface MeasuredProc {
  proc: number;
  workload: string;
  /** SMs the process was capped to (MPS active-thread limit, as it saw them), null = whole GPU. */
  smLimit: number | null;
  /** ok, oom, error, killed; null when the process left no end record. */
  outcome: string | null;
  /** Training steps per second over the measurement window (images/s over batch); null when it did not train. */
  stepsPerSecond: number | null;
  batch: number;
  /** Device memory NVML charged to the process, bytes. */
  memoryBytes: number | null;
}

export interface MeasuredRun {
  runId: string;
  /** The profiler's mode; "mps" runs with SM caps are reported as "mps-partitioned". */
  mode: string;
  gpu: string;
  /** The GPU's UUID: runs of one workload on two machines can differ (a launch-bound model follows the host). */
  gpuUuid: string;
  validation: boolean;
  /**
   * Whether the processes started together (a launcher's start: each autotuned while the others autotuned too)
   * rather than staggered or one warming up at a time (the profiler's `--start`).
   */
  startedTogether: boolean;
  /**
   * Whether every process was a fresh one (its worker ran no experiment before): a reused worker keeps the
   * algorithms cuDNN autotuned in its earlier experiments. False when unknown (runs recorded before 2026-12-02).
   */
  freshProcesses: boolean;
  /** Whole and clean: status complete and every line ingested. */
  usable: boolean;
  /** Why it is not (null when it is): its manifest's status, else the first line that could not be ingested. */
  notWhole: string | null;
  /** PyTorch memory cap of each process (a memory-cap run), bytes; null: none. */
  memoryCapBytes: number | null;
  procs: MeasuredProc[];
  /** Means over the shared measurement window (null without samples there). */
  utilization: number | null;
  smActivity: number | null;
  /** DRAM bandwidth utilization (NVML GPM), 0..1. */
  dramUtil: number | null;
  powerW: number | null;
  /** Peak device memory used in the window, and the lowest reading of the run (the GPU's idle baseline). */
  memoryUsedBytes: number | null;
  baselineMemoryBytes: number | null;
}

const fractionOf = (percents: number[]) => {
  const m = meanOrNull(percents);
  return m === null ? null : m / 100;
};

function column(samples: SampleRow[], pick: (s: SampleRow) => number | null): number[] {
  return samples.map(pick).filter((v): v is number => v !== null);
}

/** GPM sometimes returns 0 for a sample while NVML shows kernels running: a missed reading, not an idle GPU. */
function gpmReading(s: SampleRow, value: number | null): number | null {
  return value === 0 && (s.util_gpu ?? 0) > 0 ? null : value;
}

function measuredProc(p: ProcRow, batch: number, mode: string): MeasuredProc {
  const trained = p.outcome === "ok" && p.throughput_img_s !== null && p.throughput_img_s > 0;
  // MPS rounds a percentage down to whole TPCs: the SMs the process saw are the cap that held. A green context
  // holds its SMs without the device reporting fewer, so there the asked-for limit is the cap.
  const seen = mode === "green" ? null : p.sm_count_seen;
  return {
    proc: p.proc,
    workload: p.workload,
    smLimit: p.sm_limit === null ? null : (seen ?? p.sm_limit),
    outcome: p.outcome,
    stepsPerSecond: trained ? p.throughput_img_s! / batch : null,
    batch,
    memoryBytes: p.nvml_mem_bytes,
  };
}

/** Why a run is not whole and clean (null when it is): its manifest's status, or the first line not ingested. */
export function notWhole(run: RunRow): string | null {
  if (run.status !== "complete") return `its manifest says ${run.status}`;
  if (run.ingest_status === "ok") return null;
  return run.ingest_issues?.split("; ")[0] ?? `ingested as ${run.ingest_status}`;
}

function measuredRun(run: RunRow, rows: ProcRow[], procs: MeasuredProc[], samples: SampleRow[]): MeasuredRun {
  const window = samples.filter((s) => s.in_window);
  const used = column(window, (s) => s.mem_used_bytes);
  const all = column(samples, (s) => s.mem_used_bytes);
  const capped = procs.some((p) => p.smLimit !== null);
  const why = notWhole(run);
  return {
    runId: run.run_id,
    mode: run.mode === "mps" && capped ? "mps-partitioned" : run.mode,
    gpu: run.gpu_name,
    gpuUuid: run.gpu_uuid,
    validation: run.validation,
    startedTogether: run.start === "together",
    freshProcesses: rows.length > 0 && rows.every((p) => p.worker_prior_jobs === 0),
    usable: why === null,
    notWhole: why,
    memoryCapBytes: run.memory_cap_gib === null ? null : run.memory_cap_gib * 2 ** 30,
    procs,
    utilization: fractionOf(column(window, (s) => s.util_gpu)),
    smActivity: fractionOf(column(window, (s) => gpmReading(s, s.gpm_sm_util))),
    dramUtil: fractionOf(column(window, (s) => gpmReading(s, s.gpm_dram_bw_util))),
    powerW: meanOrNull(column(window, (s) => s.power_w)),
    memoryUsedBytes: used.length ? Math.max(...used) : null,
    baselineMemoryBytes: all.length ? Math.min(...all) : null,
  };
}

/**
 * Every run of the dataset that measured its processes side by side, sorted by run id, with its processes sorted
 * by index. Runs measured in turns are probes of one workload (calibration/fit/started-together.ts), not mixes.
 */
export function measuredRuns(ds: Dataset): MeasuredRun[] {
  const batches = new Map(ds.workloads.map((w) => [`${w.run_id}\u0000${w.workload}`, w.batch]));
  const procsByRun = group(ds.procs, (p) => p.run_id);
  const samplesByRun = group(ds.samples, (s) => s.run_id);
  return ds.runs
    .filter((run) => run.measure !== "turns")
    .sort((a, b) => (a.run_id < b.run_id ? -1 : 1))
    .map((run) => {
      const rows = (procsByRun.get(run.run_id) ?? []).sort((a, b) => a.proc - b.proc);
      const procs = rows.map((p) =>
        measuredProc(p, batches.get(`${run.run_id}\u0000${p.workload}`) ?? 1, run.mode),
      );
      return measuredRun(run, rows, procs, samplesByRun.get(run.run_id) ?? []);
    });
}

/** The sharing-model mode a measured run is predicted with. */
export function modeOf(run: MeasuredRun): SharingMode | undefined {
  return SHARING_MODES.find((m) => m === run.mode);
}

/**
 * The run as its surviving processes ran it: which processes lose the start-up race for memory is chance, so
 * rates are predicted and judged for the processes that did not run out of memory, as co-runners of each other.
 */
export function survivors(run: MeasuredRun): MeasuredRun {
  return { ...run, procs: run.procs.filter((p) => p.outcome !== "oom") };
}
