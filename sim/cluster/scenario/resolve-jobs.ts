/**
 * Stream jobs to ClusterJobs: work converted to training steps against each workload's profile, jobs sorted
 * by arrival (stable, so ties keep stream order), and every job checked to fit somewhere: its workload's
 * memory in at least one GPU (or, on a fixed MIG GPU, one instance) and its GPU count in one node (for a timed
 * replay under a node-aware policy, its requests in one empty node). A job without a workload is placement-only.
 */
import { InputError } from "../../core/errors.ts";
import type { WorkloadProfile } from "../../sharing/types.ts";
import type { StreamJob, Work } from "../streams/stream-job.ts";
import type { ClusterGpu, ClusterJob, ClusterNode } from "./cluster-input.ts";
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
  known: string;
  /** Timed replays queue jobs: one no empty node could take would wait forever. */
  replay: "timed" | "fill";
  nodeAware: boolean;
}

export function resolveJobs(stream: StreamJob[], ctx: JobContext): ClusterJob[] {
  const capacity = Math.max(...ctx.gpus.map(jobMemoryCapacity));
  const perNode = largestNode(ctx.gpus);
  const fits = new Map<string, WorkloadProfile>();
  const profileOf = (job: StreamJob, workload: string): WorkloadProfile => {
    let profile = fits.get(workload);
    if (profile) return profile;
    const { file, field } = job.origin.workload;
    profile = ctx.lookup(workload);
    if (!profile)
      throw new InputError(
        file,
        field,
        `a workload of the calibration set or of workloads: (${ctx.known})`,
        workload,
      );
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
    const out: ClusterJob = {
      id: job.id,
      arrivalS: job.arrivalS,
      workload: job.workload,
      steps: placementOnly ? 0 : stepsOf(job.work, profileOf(job, job.workload!)),
      gpus: job.gpus,
      gpuShare: job.gpuShare,
    };
    if (placementOnly) out.holdS = holdOf(job);
    if (job.requests) out.requests = job.requests;
    if (job.inflated) out.inflated = true;
    return out;
  });
  return jobs.sort((a, b) => a.arrivalS - b.arrivalS);
}
