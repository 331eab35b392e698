/**
 * The contract between calibration (which fits profiles), the sharing models (which turn profiles into
 * progress rates) and the cluster simulator (which calls the models whenever co-runners change).
 */

/** Sharing modes, one vocabulary everywhere (profiler runs, scenarios, validation). "naive" = time-slicing. */
export type SharingMode = "exclusive" | "naive" | "mps" | "mps-partitioned" | "mig";

/** A workload's calibrated behaviour on one GPU model (see calibration/). */
export interface WorkloadProfile {
  id: string;
  /** timm model, batch, images per epoch: what one step and one epoch mean. */
  model: string;
  batch: number;
  imagesPerEpoch: number;
  /** GPU catalog name this profile was measured on (or transferred to). */
  gpu: string;
  /** Median seconds per training step alone on the whole GPU, and its coefficient of variation. */
  stepTimeS: number;
  stepTimeCv: number;
  /** Fraction of a solo step during which the GPU runs at least one of this job's kernels. */
  busyFraction: number;
  /** Step time alone when limited to a number of SMs (measured points, ascending SMs; last = whole GPU). */
  smScaling: { sms: number[]; stepTimeS: number[] };
  /** Device memory one process of this workload holds (CUDA context + PyTorch reserved peak), bytes. */
  memoryBytes: number;
  /** Mean SM activity (0..1) and board power (W) while it runs alone. */
  smActivity: number;
  powerW: number;
  /** True when any number here was scaled from another GPU rather than measured (see calibration/transfer). */
  transferred: boolean;
}

/** One co-running job as the sharing model sees it. */
export interface CoRunner {
  profile: WorkloadProfile;
  /** MPS active-thread percentage (0..100] or MIG compute share, as an SM count cap; undefined = no cap. */
  smLimit?: number;
  /** Per-client memory cap in bytes (MPS pinned-memory limit or MIG instance memory). */
  memoryLimitBytes?: number;
}

/** What a sharing model says about one set of co-runners on one GPU (or one MIG instance). */
export interface ShareResult {
  /** Training steps per second for each co-runner, in input order (0 for one that ran out of memory). */
  stepsPerSecond: number[];
  /** Whether each co-runner runs out of memory in this placement. */
  oom: boolean[];
  /** NVML-style utilization: fraction of time at least one kernel runs (0..1). */
  utilization: number;
  /** Spatial SM activity: fraction of SMs busy averaged over time (0..1). */
  smActivity: number;
  /** Device memory in use, bytes. */
  memoryBytes: number;
  /** Board power, watts. */
  powerW: number;
}
