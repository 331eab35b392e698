/** The page's data, from the global data.js sets: tables decoded with apache-arrow, contexts built on demand. */
import { gpuContexts, type GpuContext } from "../model/gpu-context.ts";
import { lessonsFor, type Lesson } from "../model/lessons.ts";
import type { MeasuredSetup } from "../model/measured-setup.ts";
import { DATA_GLOBAL, type PageData, type SetData } from "../model/page-data.ts";
import { fromBase64, kernelTraces, workloadRows, type WorkloadRow } from "../model/tables.ts";
import type { JobTrace } from "../../sim/replay/index.ts";

export interface Loaded {
  set: SetData;
  /** The workload table, in its order: what the job pickers offer. */
  workloads: WorkloadRow[];
  traces: Map<string, JobTrace> | null;
  measured: Map<string, MeasuredSetup>;
  runsFolder: string | null;
  context: (gpu: string) => GpuContext;
  lessons: Lesson[];
}

export function load(): Loaded {
  const data = (globalThis as unknown as Record<string, PageData | undefined>)[DATA_GLOBAL];
  if (!data) throw new Error("data.js did not load: open the folder colloc explore wrote, with its data.js");
  const workloads = workloadRows(fromBase64(data.tables.workloads)).filter(
    (w) => w.workload in data.set.workloads,
  );
  return {
    set: data.set,
    workloads,
    traces: data.tables.kernelTraces === null ? null : kernelTraces(fromBase64(data.tables.kernelTraces)),
    measured: new Map(data.measured.map((m) => [m.key, m])),
    runsFolder: data.runsFolder,
    context: gpuContexts(data.set),
    lessons: lessonsFor(data.set.workloads),
  };
}
