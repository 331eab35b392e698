/** The target workload of a run: the shapes of its trace pods (inflated copies left out), as the FGD simulator takes them. */
import type { JobTable } from "../job-table.ts";
import { targetWorkload, type PodShape, type TargetPod } from "./fragmentation.ts";

export function jobShapes(jobs: JobTable): PodShape[] {
  const sorted = jobs.models.map((m) => [...m].sort());
  const shapes: PodShape[] = [];
  for (let j = 0; j < jobs.count; j++) {
    if (jobs.inflated[j] === 1) continue;
    const gpus = jobs.gpus[j];
    shapes.push({
      cpuMilli: jobs.cpuMilli[j],
      gpuMilli: gpus === 0 ? 0 : jobs.gpuMilli[j],
      gpus,
      models: jobs.modelSet[j] < 0 ? undefined : sorted[jobs.modelSet[j]],
    });
  }
  return shapes;
}

export function targetOfJobs(jobs: JobTable, popularityPct = 95): TargetPod[] {
  return targetWorkload(jobShapes(jobs), popularityPct);
}
