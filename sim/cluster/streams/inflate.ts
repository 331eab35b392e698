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

/**
 * About how many jobs inflation leaves, reckoned before any copy is made: copies are drawn uniformly from the trace,
 * so on average they ask what its jobs ask, and the jobs grow as their requests do (CPU pods, asking for no GPU,
 * are copied along). A trace cut down to the ratio keeps at most its own count.
 */
export function inflatedCount(jobs: StreamJob[], capacityMilli: number, ratio: number): number {
  const total = jobs.reduce((sum, j) => sum + gpuMilliOf(j), 0);
  const target = ratio * capacityMilli;
  if (total === 0 || total >= target) return jobs.length;
  return Math.round((jobs.length * target) / total);
}

/** `maxJobs`: copying stops once there are more jobs than that, for the caller to refuse (the draws may run high). */
export function inflate(
  jobs: StreamJob[],
  capacityMilli: number,
  ratio: number,
  seed: number,
  maxJobs = Infinity,
): StreamJob[] {
  const rng = new RandomStream(seed, "trace/inflation");
  const target = ratio * capacityMilli;
  let total = jobs.reduce((sum, j) => sum + gpuMilliOf(j), 0);
  const out = jobs.slice();
  while (total > target && out.length > 0) {
    const [dropped] = out.splice(Math.floor(rng.random() * out.length), 1);
    total -= gpuMilliOf(dropped);
  }
  if (!jobs.some((j) => gpuMilliOf(j) > 0)) return out; // copies of CPU pods alone would never reach the target
  for (let k = 0; out.length <= maxJobs; k++) {
    const pick = jobs[Math.floor(rng.random() * jobs.length)];
    if (total + gpuMilliOf(pick) > target) return out;
    total += gpuMilliOf(pick);
    out.push({ ...pick, id: `${pick.id}-inflated-${k}`, inflated: true });
  }
  return out;
}
