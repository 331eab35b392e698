/**
 * Devices: the places where co-runners share hardware, each a whole GPU or one MIG instance. A device knows
 * its jobs in start order (the order the sharing model admits them to memory) with the caps they started with.
 */
import { bandwidthShare, mpsClientLimit } from "../hardware/index.ts";
import type { GpuView, SharingSetup, ShareResult } from "../sharing/types.ts";
import { specOf, type ClusterGpu, type MigInstance } from "./scenario/cluster-input.ts";

export interface Device {
  readonly index: number;
  /** Index of its GPU in ClusterInput.gpus. */
  readonly gpu: number;
  readonly instance: MigInstance | null;
  readonly setup: SharingSetup;
  readonly sms: number;
  readonly memoryBytes: number;
  /** Small integer naming (GPU model, setup): the sharing-result memo's key prefix. */
  readonly kind: number;
  /** Running jobs in start order, with the SM and memory caps each started with. */
  readonly jobs: number[];
  /**
   * Each running job's phase, parallel to `jobs`: its workload's training or start-up phase (phases.ts).
   */
  readonly workloads: number[];
  readonly smLimits: (number | undefined)[];
  readonly memoryLimits: (number | undefined)[];
  /** Each running job's steps/s here, parallel to `jobs`. */
  readonly rates: number[];
  /** Sum of the running jobs' solo memory footprints (what policies check against `memoryBytes`). */
  memoryUsed: number;
  /** Most clients its MPS server takes (`max_clients`; inside a MIG instance the GPU's limit scaled); else Infinity. */
  readonly clientLimit: number;
  /** Whether a job that must run alone holds it. */
  holdsAlone: boolean;
  /** False while draining for, or removed by, a MIG re-partition. */
  open: boolean;
  /** What the sharing model says about the current jobs. */
  result: ShareResult;
  /** Bumped whenever the next-finish timer is rescheduled; older timers are ignored when they fire. */
  version: number;
}

export function gpuView(gpu: ClusterGpu): GpuView {
  return { name: gpu.model, sms: gpu.sms, memoryBytes: gpu.memoryBytes };
}

/** The setup the sharing model is told for a whole GPU, or for one instance of a MIG GPU. */
export function setupOf(gpu: ClusterGpu, instance: MigInstance | null): SharingSetup {
  const s = gpu.sharing;
  if (s.mode !== "mig") return { mode: s.mode };
  if (instance === null) throw new Error(`MIG GPU ${gpu.id} has no instance here`);
  return {
    mode: "mig",
    instance: {
      profile: instance.profile,
      sms: instance.sms,
      memoryBytes: instance.memoryBytes,
      bandwidthShare: bandwidthShare(specOf(gpu), instance),
    },
    inside: s.mpsInside ? "mps" : "exclusive",
  };
}

/**
 * Jobs an MPS server admits on this device: the scenario's `max_clients` on a whole MPS GPU, the GPU's limit scaled to
 * the instance inside MIG with MPS (hardware/mps.ts); other setups have no client limit (policies cap them).
 */
export function clientLimit(gpu: ClusterGpu, instance: MigInstance | null): number {
  const s = gpu.sharing;
  if (s.mode === "mps") return s.maxClients;
  if (s.mode === "mig" && s.mpsInside && instance !== null)
    return mpsClientLimit(specOf(gpu), instance.computeSlices);
  return Infinity;
}

export function setupKey(gpu: ClusterGpu, setup: SharingSetup): string {
  return setup.mode === "mig"
    ? `${gpu.model}/mig/${setup.instance.profile}/${setup.inside}`
    : `${gpu.model}/${setup.mode}`;
}
