/**
 * Kernel traces a calibration set carries for sim/replay: one recorded solo iteration per workload (the one with
 * the median wall time), as launch times, kernel durations and SM demands, in kernel-traces.arrow.
 */
import { tableToIPC } from "apache-arrow";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../sim/input-error.ts";
import { traceFromKernels, type JobTrace } from "../sim/replay/index.ts";
import type { WorkloadProfile } from "../sim/sharing/types.ts";
import type { Dataset } from "./dataset.ts";
import { isMemoryBound } from "./fit/kernel-class.ts";
import { required as req, toArrowTable, type RowOf } from "./ingest/arrow-table.ts";
import { readTable } from "./ingest/read.ts";

export const TRACE_FILE = "kernel-traces.arrow";

export const TRACE_TABLE = {
  workload: req("utf8", "workload id"),
  seq: req("i32", "kernel position in the step"),
  launch_s: req("f64", "when the host had launched the kernel, seconds after the step's start"),
  dur_s: req("f64", "kernel duration alone on the whole GPU, seconds"),
  sm_demand: req("i32", "SMs the kernel's blocks can occupy at once"),
  memory_bound: req(
    "bool",
    "the kernel streams memory (by its name's class): it waits on co-runners' DRAM traffic",
  ),
  step_s: req("f64", "the workload's host time per step (same on every row of it)"),
};

/** One solo iteration per workload, from the solo runs `soloRuns` maps each workload to. */
export function tracesFromDataset(
  ds: Dataset,
  soloRuns: Map<string, string[]>,
  profiles: Record<string, WorkloadProfile>,
  gpuSms: number,
): JobTrace[] {
  const traces: JobTrace[] = [];
  for (const workload of [...soloRuns.keys()].sort()) {
    const runs = new Set(soloRuns.get(workload));
    const iterations = ds.iterations
      .filter((it) => runs.has(it.run_id))
      .sort((a, b) => a.wall_us - b.wall_us || (a.run_id < b.run_id ? -1 : 1) || a.iter - b.iter);
    const chosen = iterations[iterations.length >> 1];
    if (!chosen) continue;
    const kernels = ds.kernels
      .filter((k) => k.run_id === chosen.run_id && k.proc === chosen.proc && k.iter === chosen.iter)
      .map((k) => ({
        startUs: k.start_us,
        durUs: k.dur_us,
        blocks: k.grid_x * k.grid_y * k.grid_z,
        threadsPerBlock: k.block_x * k.block_y * k.block_z,
        registers: k.registers,
        sharedBytes: k.shared_mem_bytes,
        memoryBound: isMemoryBound(k.name),
      }));
    if (kernels.length > 0)
      traces.push(traceFromKernels(workload, kernels, profiles[workload].stepTimeS, gpuSms));
  }
  return traces;
}

export function traceTable(traces: JobTrace[]): Uint8Array {
  const rows: RowOf<typeof TRACE_TABLE>[] = traces.flatMap((t) =>
    t.kernels.map((k, seq) => ({
      workload: t.workload,
      seq,
      launch_s: k.launchS,
      dur_s: k.durS,
      sm_demand: k.smDemand,
      memory_bound: k.memoryBound,
      step_s: t.stepS,
    })),
  );
  return tableToIPC(toArrowTable(TRACE_TABLE, rows), "file");
}

/** The traces of a set folder, by workload. */
export function loadTraces(setDir: string): Map<string, JobTrace> {
  const file = join(setDir, TRACE_FILE);
  if (!existsSync(file))
    throw new InputError(setDir, TRACE_FILE, "kernel traces (a set calibrated from traced runs)");
  const traces = new Map<string, JobTrace>();
  for (const row of readTable(file).toArray()) {
    const r = row.toJSON() as RowOf<typeof TRACE_TABLE>;
    const trace = traces.get(r.workload) ?? { workload: r.workload, stepS: r.step_s, kernels: [] };
    trace.kernels[r.seq] = {
      launchS: r.launch_s,
      durS: r.dur_s,
      smDemand: r.sm_demand,
      memoryBound: r.memory_bound,
    };
    traces.set(r.workload, trace);
  }
  return traces;
}
