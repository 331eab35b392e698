/**
 * Stream jobs to ClusterJobs: work converted to training steps against each workload's profile, jobs sorted
 * by arrival (stable, so ties keep stream order), and every job checked to fit somewhere: its workload's
 * memory in at least one GPU (or, on a fixed MIG GPU, one instance) and its GPU count in one node (for a timed
 * replay under a node-aware policy, its requests in one empty node). A job without a workload is placement-only.
 */
import { InputError } from "../../input-error.ts";
import type { WorkloadProfile } from "../../sharing/types.ts";
import type { StreamJob, Work } from "../streams/stream-job.ts";
import type { ClusterGpu, ClusterJob, ClusterNode } from "./cluster-input.ts";
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
function checkHorizon(job: StreamJob, aloneS: number, horizonS: number): void {
  const within = `within the simulated horizon, ${limitText("horizon_s", horizonS)}`;
  const { arrival, work } = job.origin;
  if (!(job.arrivalS <= horizonS))
    throw new InputError(arrival.file, arrival.field, `an arrival ${within}`, job.arrivalS);
  const endS = job.arrivalS + aloneS;
  if (!(endS <= horizonS))
    throw new InputError(
      work.file,
      work.field,
      `work a job finishes alone ${within} (job ${job.id} would finish at ${endS.toPrecision(3)} s)`,
      workText(job.work),
    );
}

/** Whether an empty node could take the job: CPU, memory, GPU count and model (node-aware placement). */
function fitsEmptyNode(node: ClusterNode, job: StreamJob): boolean {
  const r = job.requests;
  if (node.gpus.length < job.gpus) return false;
  if (r === undefined) return true;
  const model = job.gpus === 0 || r.gpuModels === undefined || r.gpuModels.includes(node.gpuModel ?? "");
  return r.cpuMilli <= node.cpuMilli && r.memoryMib <= node.memoryMib && model;
}

/** A placement-only job holds its requests for the duration the stream gives. */
function holdOf(job: StreamJob): number {
  if (!("durationS" in job.work))
    throw new InputError(job.origin.id.file, job.origin.id.field, "a duration for a job without a workload");
  return job.work.durationS;
}

export interface JobContext {
  gpus: ClusterGpu[];
  nodes: ClusterNode[];
  lookup: ProfileLookup;
  /** What a message expects instead of a workload neither the set nor the scenario has. */
  expected: (workload: string) => string;
  /** Timed replays queue jobs: one no empty node could take would wait forever. */
  replay: "timed" | "fill";
  nodeAware: boolean;
  /** Every job must arrive and finish alone before this (simulated seconds; limits.ts `horizon_s`). */
  horizonS?: number;
}

export function resolveJobs(stream: StreamJob[], ctx: JobContext): ClusterJob[] {
  const capacity = mostMemory(ctx.gpus);
  const perNode = largestNode(ctx.gpus);
  const fits = new Map<string, WorkloadProfile>();
  const profileOf = (job: StreamJob, workload: string): WorkloadProfile => {
    let profile = fits.get(workload);
    if (profile) return profile;
    const { file, field } = job.origin.workload;
    profile = ctx.lookup(workload);
    if (!profile) throw new InputError(file, field, ctx.expected(workload), workload);
    if (profile.memoryBytes > capacity)
      throw new InputError(
        file,
        field,
        `a workload that fits one GPU of the scenario (at most ${gib(capacity)} per job; it needs ${gib(profile.memoryBytes)})`,
        workload,
      );
    fits.set(workload, profile);
    return profile;
  };
  const jobs = stream.map((job): ClusterJob => {
    // A fill replay counts a pod no node can take as unscheduled, as the FGD simulator does.
    const fill = ctx.nodeAware && ctx.replay === "fill";
    if (job.gpus > perNode && !fill)
      throw new InputError(
        job.origin.gpus.file,
        job.origin.gpus.field,
        `at most ${perNode} GPUs (the largest node)`,
        job.gpus,
      );
    if (ctx.nodeAware && ctx.replay === "timed" && !ctx.nodes.some((n) => fitsEmptyNode(n, job)))
      throw new InputError(
        job.origin.id.file,
        job.origin.id.field,
        "a job some empty node could take (CPU, memory, GPUs and GPU model): it would wait forever",
        job.id,
      );
    const placementOnly = job.workload === undefined;
    const profile = placementOnly ? undefined : profileOf(job, job.workload!);
    const steps = profile === undefined ? 0 : stepsOf(job.work, profile);
    const aloneS = profile === undefined ? holdOf(job) : steps * profile.stepTimeS + (profile.startupS ?? 0);
    // A fill replay's pods never leave (their hold is infinite): only their arrival must be within the horizon.
    const neverLeaves = placementOnly && ctx.replay === "fill";
    checkHorizon(job, neverLeaves ? 0 : aloneS, ctx.horizonS ?? Infinity);
    const out: ClusterJob = {
      id: job.id,
      arrivalS: job.arrivalS,
      workload: job.workload,
      steps,
      gpus: job.gpus,
      gpuShare: job.gpuShare,
    };
    if (placementOnly) out.holdS = aloneS;
    if (job.requests) out.requests = job.requests;
    if (job.inflated) out.inflated = true;
    return out;
  });
  return jobs.sort((a, b) => a.arrivalS - b.arrivalS);
}
