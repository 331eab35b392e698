/**
 * Kernel traces a calibration set carries for sim/replay: one recorded solo iteration per workload (the one with
 * the median wall time), as launch times, kernel durations and SM demands, in kernel-traces.arrow (trace-table.ts).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../sim/input-error.ts";
import { traceFromKernels, type JobTrace } from "../sim/replay/index.ts";
import type { WorkloadProfile } from "../sim/sharing/types.ts";
import type { Dataset } from "./dataset.ts";
import { isMemoryBound } from "./fit/kernel-class.ts";
import { readTable } from "./ingest/read.ts";
import { TRACE_FILE, tracesOfTable } from "./trace-table.ts";

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

/** The traces of a set folder, by workload. */
export function loadTraces(setDir: string): Map<string, JobTrace> {
  const file = join(setDir, TRACE_FILE);
  if (!existsSync(file))
    throw new InputError(setDir, TRACE_FILE, "kernel traces (a set calibrated from traced runs)");
  return tracesOfTable(readTable(file), file);
}
