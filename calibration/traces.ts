/**
 * Kernel traces a calibration set carries for sim/replay: one recorded solo iteration per workload (the one with
 * the median wall time), as launch times, kernel durations and SM demands, in kernel-traces.arrow (trace-table.ts);
 * and for each probed workload one iteration of its started-together probe (the kernels it keeps after autotuning
 * beside co-runners that autotuned too, sim/sharing/started-together.ts), which a started-together job replays.
 */
import { group } from "d3-array";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../sim/input-error.ts";
import { traceFromKernels, type JobTrace } from "../sim/replay/index.ts";
import type { WorkloadProfile } from "../sim/sharing/types.ts";
import type { Dataset } from "./dataset.ts";
import { isMemoryBound } from "./fit/kernel-class.ts";
import { probesByWorkload } from "./fit/started-together.ts";
import { readTable } from "./ingest/read.ts";
import { TRACE_FILE, tracesOfTable, type SetTraces } from "./trace-table.ts";

/** Runs to read a workload's step from, by run id: the processes to read (null: every one). */
type Sources = ReadonlyMap<string, readonly number[] | null>;

/** The dataset's kernels by run, process and iteration. */
type KernelIndex = ReturnType<typeof indexKernels>;
const indexKernels = (ds: Dataset) =>
  group(
    ds.kernels,
    (k) => k.run_id,
    (k) => k.proc,
    (k) => k.iter,
  );

/** The iteration with the median wall time among the sources' traced ones, as a job trace scaled to the solo step. */
function medianIteration(
  ds: Dataset,
  byIteration: KernelIndex,
  workload: string,
  runs: Sources,
  profile: WorkloadProfile,
  gpuSms: number,
): JobTrace | undefined {
  const iterations = ds.iterations
    .filter((it) => runs.has(it.run_id) && (runs.get(it.run_id)?.includes(it.proc) ?? true))
    .sort(
      (a, b) => a.wall_us - b.wall_us || (a.run_id < b.run_id ? -1 : 1) || a.proc - b.proc || a.iter - b.iter,
    );
  const chosen = iterations[iterations.length >> 1];
  if (!chosen) return undefined;
  const kernels = (byIteration.get(chosen.run_id)?.get(chosen.proc)?.get(chosen.iter) ?? []).map((k) => ({
    startUs: k.start_us,
    durUs: k.dur_us,
    blocks: k.grid_x * k.grid_y * k.grid_z,
    threadsPerBlock: k.block_x * k.block_y * k.block_z,
    registers: k.registers,
    sharedBytes: k.shared_mem_bytes,
    memoryBound: isMemoryBound(k.name),
  }));
  // A probe's step stays the solo one, as in the fast model (started-together.ts): only its kernels change.
  return kernels.length > 0 ? traceFromKernels(workload, kernels, profile.stepTimeS, gpuSms) : undefined;
}

/** Solo iterations from the solo runs `soloRuns` maps each workload to; probes' of the workloads of `profiles`. */
export function tracesFromDataset(
  ds: Dataset,
  soloRuns: Map<string, string[]>,
  profiles: Record<string, WorkloadProfile>,
  gpuSms: number,
): SetTraces {
  const byIteration = indexKernels(ds);
  const of = (sources: ReadonlyMap<string, Sources>) =>
    new Map(
      [...sources.keys()]
        .filter((w) => profiles[w] !== undefined)
        .sort()
        .flatMap((w) => {
          const trace = medianIteration(ds, byIteration, w, sources.get(w)!, profiles[w], gpuSms);
          return trace === undefined ? [] : [[w, trace] as const];
        }),
    );
  const solo = new Map([...soloRuns].map(([w, ids]) => [w, new Map(ids.map((id) => [id, null]))]));
  const probes = new Map(
    [...probesByWorkload(ds)].map(([w, all]) => [w, new Map(all.map((p) => [p.runId, p.procs]))]),
  );
  return { solo: of(solo), startedTogether: of(probes) };
}

/** The traces of a set folder, by workload. */
export function loadTraces(setDir: string): SetTraces {
  const file = join(setDir, TRACE_FILE);
  if (!existsSync(file))
    throw new InputError(setDir, TRACE_FILE, "kernel traces (a set calibrated from traced runs)");
  return tracesOfTable(readTable(file), file);
}
