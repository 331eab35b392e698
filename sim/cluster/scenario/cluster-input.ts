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
 * - `jobs`: sorted by arrival (ties keep stream order), ids unique; work is in training steps (iterations):
 *   epochs become ceil(epochs * imagesPerEpoch / batch); a trace job's duration becomes ceil(duration / solo
 *   step time on the whole GPU), i.e. its duration at the workload's exclusive speed.
 *   GPUs of one YAML entry share one (read-only) `spec` and `sharing` object.
 * - `scheduler`: the policy name and its parameters as written (the policy validates its own parameters).
 * - times are seconds from the scenario's start; memory is bytes.
 */
import type { GpuSpec } from "../../hardware/index.ts";
import type { SharingParams, WorkloadProfile } from "../../sharing/types.ts";
import type { ScenarioLimits } from "./limits.ts";

/** Sharing modes a GPU can be set up in ("naive" = time-slicing; see docs/scenarios.md). */
export type GpuSharingMode = "exclusive" | "naive" | "mps" | "mig";

export const POLICY_NAMES = [
  "fifo-exclusive",
  "mig-static",
  "mig-dynamic",
  "mps-pack",
  "naive-pack",
  "interference-aware",
] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

export interface ClusterInput {
  name: string;
  /** Scenario file it came from (for messages and provenance). */
  source: string;
  seed: number;
  /** The calibration set the workloads were resolved in: its name, GPU and fitted sharing-model parameters. */
  calibration: { name: string; gpu: string; sharing: SharingParams };
  gpus: ClusterGpu[];
  workloads: Record<string, WorkloadProfile>;
  jobs: ClusterJob[];
  scheduler: { policy: PolicyName; params: Record<string, number | string | boolean> };
  output: OutputOptions;
  /** The scenario's size limits (limits.ts); absent: the defaults. */
  limits?: ScenarioLimits;
}

export interface ClusterGpu {
  /** `gpu-<index>`, unique, in file order. */
  id: string;
  /** Node it sits in: the YAML `node`, else `node-<index of its hardware.gpus entry>`. */
  node: string;
  /** Catalog name (sim/hardware), e.g. "H200-141GB"; `spec` is its catalog entry. */
  model: string;
  spec: GpuSpec;
  sms: number;
  memoryBytes: number;
  sharing: GpuSharing;
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
  /** Key into ClusterInput.workloads. */
  workload: string;
  /** Training steps to run (>= 1). */
  steps: number;
  /** GPUs the job needs at once (>= 1). */
  gpus: number;
  /** Fraction (0..1] of one GPU the job asked for (traces with fractional requests); undefined = not stated. */
  gpuShare?: number;
}

export interface OutputOptions {
  timeline: boolean;
  events: boolean;
  charts: boolean;
  /** Sampling interval of the GPU timeline, seconds; undefined = at every change. */
  timelineIntervalS?: number;
}
