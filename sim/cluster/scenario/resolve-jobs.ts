/**
 * Stream jobs to ClusterJobs: work converted to training steps against each workload's profile, jobs sorted
 * by arrival (stable, so ties keep stream order), and every job checked to fit somewhere: its workload's
 * memory in at least one GPU (or, on a fixed MIG GPU, one instance) and its GPU count in one node.
 */
import { InputError } from "../../core/errors.ts";
import type { WorkloadProfile } from "../../sharing/types.ts";
import type { StreamJob, Work } from "../streams/stream-job.ts";
import type { ClusterGpu, ClusterJob } from "./cluster-input.ts";
import { GIB } from "../../hardware/index.ts";
import type { ProfileLookup } from "./resolve-workloads.ts";

/** Whole steps, at least one: a draw or duration below one step still runs one step. */
export function stepsOf(work: Work, profile: WorkloadProfile): number {
  const steps =
    "iterations" in work
      ? work.iterations
      : "epochs" in work
        ? (work.epochs * profile.imagesPerEpoch) / profile.batch
        : work.durationS / profile.stepTimeS;
  return Math.max(1, Math.ceil(steps));
}

/** The most memory one job can get on a GPU: the whole GPU, or the largest instance of a fixed MIG layout. */
function jobMemoryCapacity(g: ClusterGpu): number {
  if (g.sharing.mode !== "mig" || !g.sharing.fixed) return g.memoryBytes;
  return Math.max(0, ...g.sharing.instances.map((i) => i.memoryBytes));
}

function largestNode(gpus: ClusterGpu[]): number {
  const sizes = new Map<string, number>();
  for (const g of gpus) sizes.set(g.node, (sizes.get(g.node) ?? 0) + 1);
  return Math.max(...sizes.values());
}

const gib = (bytes: number) => `${(bytes / GIB).toFixed(1)} GiB`;

export function resolveJobs(
  stream: StreamJob[],
  gpus: ClusterGpu[],
  lookup: ProfileLookup,
  expected: (workload: string) => string,
): ClusterJob[] {
  const capacity = Math.max(...gpus.map(jobMemoryCapacity));
  const perNode = largestNode(gpus);
  const fits = new Map<string, WorkloadProfile>();
  const jobs = stream.map((job): ClusterJob => {
    let profile = fits.get(job.workload);
    if (!profile) {
      const { file, field } = job.origin.workload;
      profile = lookup(job.workload);
      if (!profile) throw new InputError(file, field, expected(job.workload), job.workload);
      if (profile.memoryBytes > capacity)
        throw new InputError(
          file,
          field,
          `a workload that fits one GPU of the scenario (at most ${gib(capacity)} per job; it needs ${gib(profile.memoryBytes)})`,
          job.workload,
        );
      fits.set(job.workload, profile);
    }
    if (job.gpus > perNode)
      throw new InputError(
        job.origin.gpus.file,
        job.origin.gpus.field,
        `at most ${perNode} GPUs (the largest node)`,
        job.gpus,
      );
    return {
      id: job.id,
      arrivalS: job.arrivalS,
      workload: job.workload,
      steps: stepsOf(job.work, profile),
      gpus: job.gpus,
      gpuShare: job.gpuShare,
    };
  });
  return jobs.sort((a, b) => a.arrivalS - b.arrivalS);
}
