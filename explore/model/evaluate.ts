/**
 * Everything the page shows about a setup, from the library's functions only: share() per device (the whole GPU,
 * or each MIG instance), combineInstances for a MIG GPU, and each job alone on the whole GPU through share() too.
 */
import { bandwidthShare, mpsClientSms, type Stranded } from "../../sim/hardware/index.ts";
import { combineInstances, share } from "../../sim/sharing/index.ts";
import type { CoRunner, SharingSetup, ShareResult } from "../../sim/sharing/types.ts";
import type { GpuContext } from "./gpu-context.ts";
import { setupKey, type MeasuredMode } from "./measured-setup.ts";
import { instancesOf, strandedBy, type Instance } from "./mig.ts";
import type { ExploreState } from "./state.ts";

export interface JobResult {
  workload: string;
  batch: number;
  /** Index of the device it runs on; null when no MIG instance has room for it (it does not run). */
  device: number | null;
  /** SMs its MPS percentage caps it to; undefined = no cap. */
  smLimit?: number;
  stepsPerS: number;
  imagesPerS: number;
  /** Alone on the whole GPU (share() with mode exclusive). */
  aloneImagesPerS: number;
  /** imagesPerS over aloneImagesPerS. */
  relative: number;
  oom: boolean;
  /** What it asks for alone, and what it holds here (0 when out of memory or not running). */
  footprintBytes: number;
  memoryBytes: number;
}

/** Where co-runners share hardware: the whole GPU, or one MIG instance. */
export interface Device {
  /** "gpu", or the MIG instance's key. */
  key: string;
  instance: Instance | null;
  sms: number;
  capacityBytes: number;
  /** Its jobs, in start order. */
  jobs: number[];
  setup: SharingSetup;
}

export interface DeviceResult extends Device {
  coRunners: CoRunner[];
  result: ShareResult;
}

export interface Evaluation {
  jobs: JobResult[];
  devices: DeviceResult[];
  gpu: { utilization: number; smActivity: number; memoryBytes: number; powerW: number };
  /** Sum of each job's fraction of its solo speed (1 = the work of one job alone), and of images per second. */
  aggregate: { relative: number; imagesPerS: number };
  mig: { instances: Instance[]; stranded: Stranded; smsInNoInstance: number } | null;
  /** The key measured setups are looked up by; null where none can match (transferred GPU, MIG). */
  measuredKey: string | null;
}

const aloneCache = new WeakMap<GpuContext, Map<string, number>>();

/** Steps per second of a workload alone on the whole GPU. */
export function aloneStepsPerS(context: GpuContext, workload: string): number {
  let cache = aloneCache.get(context);
  if (!cache) aloneCache.set(context, (cache = new Map()));
  let rate = cache.get(workload);
  if (rate === undefined) {
    const coRunner = { profile: context.profiles[workload] };
    rate = share(context.view, { mode: "exclusive" }, [coRunner], context.params).stepsPerSecond[0];
    cache.set(workload, rate);
  }
  return rate;
}

function devicePlans(state: ExploreState, context: GpuContext): Device[] {
  const { spec, view } = context;
  const all = state.jobs.map((_, i) => i);
  if (state.mode !== "mig") {
    const setup: SharingSetup = { mode: state.mode === "naive" ? "naive" : "mps" };
    return [{ key: "gpu", instance: null, sms: view.sms, capacityBytes: view.memoryBytes, jobs: all, setup }];
  }
  return instancesOf(spec, state.layout).map((instance) => {
    const p = instance.profile;
    const jobs = all.filter((i) => state.jobs[i].instance === instance.key);
    const view = {
      profile: p.name,
      sms: p.sms,
      memoryBytes: p.usableMemoryBytes,
      bandwidthShare: bandwidthShare(spec, p),
    };
    const setup: SharingSetup = { mode: "mig", instance: view, inside: state.inside };
    return { key: instance.key, instance, sms: p.sms, capacityBytes: p.usableMemoryBytes, jobs, setup };
  });
}

/** The SM cap of a job, as `colloc run` derives it from an MPS percentage (sim/cluster/cluster.ts). */
function smLimitOf(state: ExploreState, context: GpuContext, job: number): number | undefined {
  const pct = state.jobs[job].percentage;
  if (state.mode !== "mps-partitioned" || pct >= 100) return undefined;
  return mpsClientSms(context.spec.sms, pct, context.spec.mps.smGranularity);
}

/** Bytes each co-runner holds: the growth of share()'s memory as the co-runners are admitted one by one. */
function heldBytes(context: GpuContext, plan: Device, coRunners: CoRunner[], result: ShareResult): number[] {
  const totals = coRunners.map((_, k) =>
    k === coRunners.length - 1
      ? result.memoryBytes
      : share(context.view, plan.setup, coRunners.slice(0, k + 1), context.params).memoryBytes,
  );
  return totals.map((t, k) => t - (k === 0 ? 0 : totals[k - 1]));
}

function measuredKeyOf(state: ExploreState, context: GpuContext, jobs: JobResult[]): string | null {
  if (!context.calibrated || state.mode === "mig") return null;
  const capped = jobs.some((j) => j.smLimit !== undefined);
  const mode: MeasuredMode =
    state.mode === "naive" ? (jobs.length === 1 ? "exclusive" : "naive") : capped ? "mps-partitioned" : "mps";
  return setupKey(
    mode,
    jobs.map((j) => ({ workload: j.workload, smLimit: j.smLimit ?? null })),
  );
}

export function evaluate(state: ExploreState, context: GpuContext): Evaluation {
  const plans = devicePlans(state, context);
  const jobs: JobResult[] = state.jobs.map((j, i) => {
    const profile = context.profiles[j.workload];
    const alone = aloneStepsPerS(context, j.workload) * profile.batch;
    return {
      workload: j.workload,
      batch: profile.batch,
      device: null,
      smLimit: smLimitOf(state, context, i),
      stepsPerS: 0,
      imagesPerS: 0,
      aloneImagesPerS: alone,
      relative: 0,
      oom: false,
      footprintBytes: profile.memoryBytes,
      memoryBytes: 0,
    };
  });
  const devices = plans.map((plan, d): DeviceResult => {
    const coRunners = plan.jobs.map((i) => ({
      profile: context.profiles[jobs[i].workload],
      smLimit: jobs[i].smLimit,
    }));
    const result = share(context.view, plan.setup, coRunners, context.params);
    const held = heldBytes(context, plan, coRunners, result);
    plan.jobs.forEach((i, k) => {
      const job = jobs[i];
      job.device = d;
      job.stepsPerS = result.stepsPerSecond[k];
      job.imagesPerS = job.stepsPerS * job.batch;
      job.relative = job.imagesPerS / job.aloneImagesPerS;
      job.oom = result.oom[k];
      job.memoryBytes = held[k];
    });
    return { ...plan, coRunners, result };
  });
  const results = devices.map((d) => d.result);
  const gpu = state.mode === "mig" ? combineInstances(results, context.params) : results[0];
  const mig =
    state.mode === "mig"
      ? {
          instances: plans.map((p) => p.instance!),
          stranded: strandedBy(context.spec, state.layout),
          smsInNoInstance: context.spec.sms - plans.reduce((s, p) => s + p.sms, 0),
        }
      : null;
  return {
    jobs,
    devices,
    gpu: {
      utilization: gpu.utilization,
      smActivity: gpu.smActivity,
      memoryBytes: gpu.memoryBytes,
      powerW: gpu.powerW,
    },
    aggregate: {
      relative: jobs.reduce((s, j) => s + j.relative, 0),
      imagesPerS: jobs.reduce((s, j) => s + j.imagesPerS, 0),
    },
    mig,
    measuredKey: measuredKeyOf(state, context, jobs),
  };
}
