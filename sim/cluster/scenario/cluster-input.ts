/**
 * ClusterInput: a scenario after validation and resolution, the one thing the cluster engine simulates.
 *
 * Produced by `resolveScenario` (resolve.ts) from a scenario YAML (docs/scenarios.md). Everything in it is
 * resolved and trusted; the engine does not re-validate:
 * - `gpus`: one entry per physical GPU (a YAML `count` is unrolled), ids `gpu-0`, `gpu-1`, ... in file order,
 *   each with its catalog spec's key numbers and its sharing setup. MIG layouts are already checked against the
 *   catalog's geometry and carry each instance's placement, SMs and memory.
 * - `workloads`: every profile a job refers to, keyed by workload id (from the calibration set, or custom ones
 *   that extend a calibrated profile), all measured on (or transferred to) the GPU model of every GPU here.
 * - `nodes`: every node, in order (the node list's rows, then the `hardware.gpus` groups' nodes), with its GPUs.
 * - `jobs`: sorted by arrival (ties keep stream order), ids unique; work is in training steps (iterations):
 *   epochs become ceil(epochs * imagesPerEpoch / batch); a trace job's duration becomes ceil(duration / solo
 *   step time on the whole GPU), i.e. its duration at the workload's exclusive speed. A placement-only job (no
 *   workload) holds its requests for `holdS` seconds instead.
 *   GPUs of one YAML entry share one (read-only) `spec` and `sharing` object.
 * - `scheduler`: the policy name and its parameters as written (the policy validates its own parameters).
 * - times are seconds from the scenario's start; memory is bytes.
 */
import type { GpuSpec } from "../../hardware/index.ts";
import type { MpsFitRange } from "../../sharing/index.ts";
import type { SharingParams, WorkloadProfile } from "../../sharing/types.ts";
import type { ScenarioLimits } from "./limits.ts";

/** Sharing modes a GPU can be set up in ("naive" = time-slicing; see docs/scenarios.md). */
export type { GpuSharingMode } from "../../hardware/index.ts";

/**
 * Policies that place on nodes (CPU, memory, milli-GPUs per GPU, GPU model): they place CPU-only and
 * placement-only jobs too. The others place on devices by co-runner count and GPU memory (docs/simulator.md).
 */
const NODE_AWARE = ["fgd", "best-fit", "dot-product", "gpu-packing", "gpu-clustering", "random-fit"] as const;

export const POLICY_NAMES = [
  "fifo-exclusive",
  "mig-static",
  "mig-dynamic",
  "mps-pack",
  "naive-pack",
  "interference-aware",
  ...NODE_AWARE,
] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

export const NODE_AWARE_POLICIES: readonly PolicyName[] = NODE_AWARE;

/** A GPU's capacity in milli-GPUs: requests are thousandths of one GPU, as in the openb trace. */
export const GPU_MILLI = 1000;

export interface ClusterInput {
  name: string;
  /** Scenario file it came from (for messages and provenance). */
  source: string;
  seed: number;
  /**
   * The calibration set the workloads were resolved in: its name, GPU, fitted sharing-model parameters and the
   * turn-weight figures its MPS fit read (absent: a set without one), and the GPU whose co-running runs fitted its
   * sharing parameters when not this one (`colloc calibrate --base` across GPUs).
   */
  calibration: {
    name: string;
    gpu: string;
    sharing: SharingParams;
    mpsFitRange?: MpsFitRange;
    sharingFrom?: string;
  };
  gpus: ClusterGpu[];
  nodes: ClusterNode[];
  workloads: Record<string, WorkloadProfile>;
  jobs: ClusterJob[];
  scheduler: { policy: PolicyName; params: Record<string, number | string | boolean> };
  /**
   * timed: jobs arrive at their times and wait in the queue for room; fill: they arrive in order at time 0, never
   * leave, and a job the policy cannot place is unscheduled (dropped), the FGD paper's evaluation.
   */
  replay: "timed" | "fill";
  output: OutputOptions;
  /** The scenario's size limits (limits.ts); absent: the defaults. */
  limits?: ScenarioLimits;
}

/** A node: the CPU and host memory its pods share, and its GPUs. */
export interface ClusterNode {
  name: string;
  /** Allocatable CPU (thousandths of a core) and host memory (MiB); Infinity when the scenario states none. */
  cpuMilli: number;
  memoryMib: number;
  /** Canonical catalog name of its GPUs as the node list states them (for pods' GPU-model constraints). */
  gpuModel?: string;
  /** Indexes into ClusterInput.gpus, in the node's own GPU order. */
  gpus: number[];
}

export interface ClusterGpu {
  /** `gpu-<index>`, unique, in file order. */
  id: string;
  /** Node it sits in: the YAML `node`, else `node-<index of its hardware.gpus entry>`. */
  node: string;
  /** Catalog name (sim/hardware), e.g. "H200-141GB"; `spec` is its catalog entry. */
  model: string;
  /** Undefined for a model known for placement only (openb's G1-G3); `sms` and `memoryBytes` are 0 then. */
  spec?: GpuSpec;
  sms: number;
  memoryBytes: number;
  sharing: GpuSharing;
}

/** The spec of a GPU the sharing models simulate (resolution keeps placement-only models out of MIG and MPS caps). */
export function specOf(gpu: ClusterGpu): GpuSpec {
  if (gpu.spec === undefined) throw new Error(`${gpu.id} (${gpu.model}) is known for placement only`);
  return gpu.spec;
}

export type GpuSharing = { mode: "exclusive" } | { mode: "naive" } | MpsSharing | MigSharing;

export interface MpsSharing {
  mode: "mps";
  /** Active-thread percentage for jobs not listed in `percentages` (100 = no cap). */
  defaultPercentage: number;
  /** Per-job active-thread percentage, by job id. */
  percentages: Record<string, number>;
  /** Per-client pinned device-memory limit; undefined = none. */
  memoryLimitBytes?: number;
  maxClients: number;
}

export interface MigSharing {
  mode: "mig";
  /** Instances in the initial layout (empty when the scheduler is left to partition). */
  instances: MigInstance[];
  /** Whether several jobs may share one instance through an MPS daemon inside it. */
  mpsInside: boolean;
  /** true: the layout never changes; false: the scheduler may re-partition. */
  fixed: boolean;
}

export interface MigInstance {
  /** Profile name as the catalog spells it for this GPU, e.g. "3g.71gb", and its GI profile id. */
  profile: string;
  profileId: number;
  /** First memory slice it occupies. */
  start: number;
  computeSlices: number;
  memorySlices: number;
  sms: number;
  memoryBytes: number;
}

export interface ClusterJob {
  id: string;
  arrivalS: number;
  /**
   * Key into ClusterInput.workloads; undefined for a placement-only job (a CPU task, a trace pod without a mix):
   * it takes its requests for `holdS` seconds and runs no modelled workload.
   */
  workload?: string;
  /** Training steps to run (>= 1; 0 for a placement-only job). */
  steps: number;
  /** Placement-only: seconds it holds what it was given once started (Infinity: to the end, as in fill replays). */
  holdS?: number;
  /** What it asks of its node (node-aware policies); undefined: whole GPUs, no CPU or memory stated. */
  requests?: Requests;
  /** A copy added by workload inflation: not part of the trace's own (target) workload. */
  inflated?: boolean;
  /** GPUs the job needs at once (>= 1). */
  gpus: number;
  /** Fraction (0..1] of one GPU the job asked for (traces with fractional requests); undefined = not stated. */
  gpuShare?: number;
}

/** A pod's requests as the openb trace states them. */
export interface Requests {
  cpuMilli: number;
  memoryMib: number;
  /** Thousandths of each of its GPUs it takes (1000: whole GPUs); 0 for a job with no GPU. */
  gpuMilli: number;
  /** GPU models it may run on (canonical catalog names); undefined: any. */
  gpuModels?: string[];
}

export interface OutputOptions {
  timeline: boolean;
  events: boolean;
  charts: boolean;
  /** Sampling interval of the GPU timeline, seconds; undefined = at every change. */
  timelineIntervalS?: number;
}
