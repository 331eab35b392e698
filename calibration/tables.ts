/** The Arrow tables a calibration set carries beside parameters.json (readable by pandas, polars, DuckDB). */
import { tableToIPC } from "apache-arrow";
import type { WorkloadProfile } from "../sim/sharing/types.ts";
import { optional as opt, required as req, toArrowTable, type RowOf } from "./ingest/arrow-table.ts";
import type { SmPointRow } from "./fit/profiles.ts";

export const WORKLOAD_TABLE = {
  workload: req("utf8", "workload id"),
  model: req("utf8", "timm model"),
  batch: req("i32", "batch size"),
  step_time_s: req("f64", "solo step time on the whole GPU, seconds"),
  step_time_cv: req("f64", "coefficient of variation of the solo step time"),
  busy_fraction: req("f64", "fraction of a solo step with a kernel running"),
  memory_bound_fraction: req("f64", "fraction of kernel time in memory-bound kernels"),
  memory_bytes: req("i64", "device memory of one process, bytes"),
  min_memory_bytes: opt(
    "i64",
    "least device memory it trained in under a memory cap, bytes; null: not measured",
  ),
  sm_activity: req("f64", "mean SM activity alone (0..1)"),
  dram_util: req("f64", "mean DRAM bandwidth utilization alone (0..1, NVML GPM)"),
  kernels_per_step: opt("f64", "kernels of one solo step; null: no kernel trace"),
  exposed_kernels_per_step: opt("f64", "of them, kernels that start on an idle GPU (the host was late)"),
  kernel_mean_us: opt("f64", "mean kernel duration, microseconds"),
  kernel_turn_us: opt("f64", "mean duration of the kernels filling at least half the GPU, microseconds"),
  kernel_large_share: opt("f64", "share of the kernel time in those kernels (0..1)"),
  power_w: req("f64", "mean board power alone, watts"),
  serial_s: req("f64", "SM curve: part of the step that does not scale with SMs, seconds"),
  parallel_s: req("f64", "SM curve: scaling part at the reference SM count, seconds"),
  alpha: req("f64", "SM curve exponent"),
  startup_s: opt("f64", "start-up of a fresh job beyond its steady steps, seconds; null: not measured"),
  startup_busy_fraction: opt(
    "f64",
    "GPU busy fraction during a solo start-up (NVML utilization); null: not measured",
  ),
  startup_sm_activity: opt("f64", "mean SM activity during a solo start-up (GPM); null: not measured"),
  startup_build_s: opt(
    "f64",
    "seconds of a solo start-up before its first step is launched; null: not measured",
  ),
  startup_wait_s: opt(
    "f64",
    "time-sliced, seconds a start-up waits per unit of co-runners' GPU demand; null: not measured so",
  ),
  transferred: req("bool", "true when scaled from another GPU"),
};

export const SM_POINT_TABLE = {
  workload: req("utf8", "workload id"),
  sms: req("f64", "SMs the process could use"),
  step_time_s: req("f64", "measured step time, seconds (mean over runs)"),
  runs: req("i32", "runs averaged"),
  fitted_s: req("f64", "the SM curve's step time there, seconds"),
};

export function workloadTable(profiles: WorkloadProfile[]): Uint8Array {
  const rows: RowOf<typeof WORKLOAD_TABLE>[] = profiles.map((p) => ({
    workload: p.id,
    model: p.model,
    batch: p.batch,
    step_time_s: p.stepTimeS,
    step_time_cv: p.stepTimeCv,
    busy_fraction: p.busyFraction,
    memory_bound_fraction: p.memoryBoundFraction,
    memory_bytes: Math.round(p.memoryBytes),
    min_memory_bytes: p.minMemoryBytes === undefined ? null : Math.round(p.minMemoryBytes),
    sm_activity: p.smActivity,
    dram_util: p.dramUtil,
    kernels_per_step: p.kernels?.perStep ?? null,
    exposed_kernels_per_step: p.kernels?.exposedPerStep ?? null,
    kernel_mean_us: p.kernels?.meanUs ?? null,
    kernel_turn_us: p.kernels?.turnUs ?? null,
    kernel_large_share: p.kernels?.largeShare ?? null,
    power_w: p.powerW,
    serial_s: p.smCurve.serialS,
    parallel_s: p.smCurve.parallelS,
    alpha: p.smCurve.alpha,
    startup_s: p.startupS ?? null,
    startup_busy_fraction: p.startupBusyFraction ?? null,
    startup_sm_activity: p.startupSmActivity ?? null,
    startup_build_s: p.startupBuildS ?? null,
    startup_wait_s: p.startupWaitS ?? null,
    transferred: p.transferred,
  }));
  return tableToIPC(toArrowTable(WORKLOAD_TABLE, rows), "file");
}

export function smPointTable(rows: SmPointRow[]): Uint8Array {
  return tableToIPC(toArrowTable(SM_POINT_TABLE, rows), "file");
}
