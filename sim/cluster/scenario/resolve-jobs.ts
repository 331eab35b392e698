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
import { limitText } from "./limits.ts";

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
  return g.sharing.instances.reduce((most, i) => Math.max(most, i.memoryBytes), 0);
}

// Loops, not Math.max(...list): a spread of a million GPUs overflows the call stack.
function mostMemory(gpus: ClusterGpu[]): number {
  let most = -Infinity;
  for (const g of gpus) most = Math.max(most, jobMemoryCapacity(g));
  return most;
}

function largestNode(gpus: ClusterGpu[]): number {
  const sizes = new Map<string, number>();
  let largest = 0;
  for (const g of gpus) {
    const size = (sizes.get(g.node) ?? 0) + 1;
    sizes.set(g.node, size);
    largest = Math.max(largest, size);
  }
  return largest;
}

const gib = (bytes: number) => `${(bytes / GIB).toFixed(1)} GiB`;

const workText = (work: Work) =>
  "iterations" in work
    ? `${work.iterations} iterations`
    : "epochs" in work
      ? `${work.epochs} epochs`
      : `${work.durationS} s`;

/**
 * Every job must be able to arrive and run alone within the horizon: past it the clock (float seconds) no
 * longer resolves a training step, and a run would never end.
 */
function checkHorizon(job: StreamJob, steps: number, profile: WorkloadProfile, horizonS: number): void {
  const within = `within the simulated horizon, ${limitText("horizon_s", horizonS)}`;
  const { arrival, work } = job.origin;
  if (!(job.arrivalS <= horizonS))
    throw new InputError(arrival.file, arrival.field, `an arrival ${within}`, job.arrivalS);
  const endS = job.arrivalS + steps * profile.stepTimeS + (profile.startupS ?? 0);
  if (!(endS <= horizonS))
    throw new InputError(
      work.file,
      work.field,
      `work a job finishes alone ${within} (job ${job.id} would finish at ${endS.toPrecision(3)} s)`,
      workText(job.work),
    );
}

export function resolveJobs(
  stream: StreamJob[],
  gpus: ClusterGpu[],
  lookup: ProfileLookup,
  known: string,
  horizonS = Infinity,
): ClusterJob[] {
  const capacity = mostMemory(gpus);
  const perNode = largestNode(gpus);
  const fits = new Map<string, WorkloadProfile>();
  const jobs = stream.map((job): ClusterJob => {
    let profile = fits.get(job.workload);
    if (!profile) {
      const { file, field } = job.origin.workload;
      profile = lookup(job.workload);
      if (!profile)
        throw new InputError(
          file,
          field,
          `a workload of the calibration set or of workloads: (${known})`,
          job.workload,
        );
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
    const steps = stepsOf(job.work, profile);
    checkHorizon(job, steps, profile, horizonS);
    return {
      id: job.id,
      arrivalS: job.arrivalS,
      workload: job.workload,
      steps,
      gpus: job.gpus,
      gpuShare: job.gpuShare,
    };
  });
  return jobs.sort((a, b) => a.arrivalS - b.arrivalS);
}
