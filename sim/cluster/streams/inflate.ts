/**
 * The FGD paper's workload inflation (its simulator's TunePodsByNodeTotalResource): pods drawn uniformly at random
 * from the trace (seeded stream "trace/inflation") are appended as copies (`<id>-inflated-<k>`) until the next draw
 * would take the pods' GPU requests past `ratio` x the cluster's GPU capacity; a trace that already asks for more
 * loses pods drawn at random until it no longer does. Requests count whole and partial GPUs alike, in milli-GPUs.
 */
import { RandomStream } from "../../core/index.ts";
import { GPU_MILLI } from "../scenario/cluster-input.ts";
import type { StreamJob } from "./stream-job.ts";

/** Milli-GPUs a job asks for: its GPUs times the thousandths it takes of each. */
export function gpuMilliOf(job: { gpus: number; requests?: { gpuMilli: number } }): number {
  return job.gpus * (job.requests?.gpuMilli ?? GPU_MILLI);
}

export function inflate(jobs: StreamJob[], capacityMilli: number, ratio: number, seed: number): StreamJob[] {
  const rng = new RandomStream(seed, "trace/inflation");
  const target = ratio * capacityMilli;
  let total = jobs.reduce((sum, j) => sum + gpuMilliOf(j), 0);
  const out = jobs.slice();
  while (total > target && out.length > 0) {
    const [dropped] = out.splice(Math.floor(rng.random() * out.length), 1);
    total -= gpuMilliOf(dropped);
  }
  if (!jobs.some((j) => gpuMilliOf(j) > 0)) return out; // copies of CPU pods alone would never reach the target
  for (let k = 0; ; k++) {
    const pick = jobs[Math.floor(rng.random() * jobs.length)];
    if (total + gpuMilliOf(pick) > target) return out;
    total += gpuMilliOf(pick);
    out.push({ ...pick, id: `${pick.id}-inflated-${k}`, inflated: true });
  }
}
