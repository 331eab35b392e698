/** The one GPU an ingested dataset's runs were recorded on, as a calibration set describes it. */
import { InputError } from "../sim/input-error.ts";
import type { GpuSpec } from "../sim/hardware/index.ts";
import { gpu as catalogGpu } from "../sim/hardware/names.ts";
import type { Dataset } from "./dataset.ts";
import { median } from "./fit/stats.ts";
import type { MeasuredRun } from "./measured.ts";
import type { CalibrationSet } from "./set-schema.ts";

export interface DatasetGpu {
  spec: GpuSpec;
  gpu: CalibrationSet["gpu"];
}

/** Every run must be on one catalog GPU (one set per GPU); its memory baseline is the solo runs' median. */
export function datasetGpu(ds: Dataset, runs: MeasuredRun[]): DatasetGpu {
  if (runs.length === 0) throw new InputError(ds.dir, "runs.arrow", "at least one run");
  const at = (r: MeasuredRun) => ({ file: `${ds.dir}/runs.arrow`, field: `${r.runId}.gpu_name` });
  const spec = catalogGpu(runs[0].gpu, at(runs[0]));
  for (const r of runs) {
    const where = at(r);
    if (catalogGpu(r.gpu, where).name !== spec.name)
      throw new InputError(
        where.file,
        where.field,
        `a run on ${spec.name} like the others (one set per GPU)`,
        r.gpu,
      );
  }
  // What NVML shows used beyond the process's own memory in solo runs: driver reservations, not a process.
  const baselines = runs
    .filter((r) => r.usable && !r.validation && r.mode === "exclusive" && r.procs.length === 1)
    .map((r) =>
      r.memoryUsedBytes !== null && r.procs[0].memoryBytes !== null
        ? r.memoryUsedBytes - r.procs[0].memoryBytes
        : null,
    )
    .filter((b): b is number => b !== null);
  return {
    spec,
    gpu: {
      name: spec.name,
      sms: spec.sms,
      memoryBytes: ds.runs[0].gpu_memory_bytes,
      baselineMemoryBytes: baselines.length ? median(baselines) : 0,
    },
  };
}
