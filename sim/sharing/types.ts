/**
 * The contract between calibration (which fits profiles), the sharing models (which turn profiles into
 * progress rates) and the cluster simulator (which calls the models whenever co-runners change).
 * Owner: sim/sharing (the calibration engineer). Changes are announced in docs/calibration.md.
 */

import type { ModelMode } from "../hardware/index.ts";

/** Sharing modes, one vocabulary everywhere (profiler runs, scenarios, validation): sim/hardware declares it. */
export type { ModelMode, SharingMode } from "../hardware/index.ts";

/**
 * How step time grows when a workload may use only `sms` of the GPU's SMs (MPS active-thread cap, MIG
 * instance): t(sms) = serialS + parallelS * (referenceSms / sms)^alpha. serialS is the part that does not
 * speed up with more SMs (host work, launch gaps, latency-bound kernels); alpha < 1 means the kernels cannot
 * fill the GPU; alpha > 1 stands for a saturation knee. Fitted by least squares (calibration/fit/sm-curve.ts).
 */
export interface SmCurve {
  referenceSms: number;
  serialS: number;
  parallelS: number;
  alpha: number;
}

/** A step's kernels as the MPS model reads them (WorkloadProfile.kernels says what each means). */
export interface KernelFigures {
  perStep: number;
  exposedPerStep: number;
  meanUs: number;
  turnUs: number;
  largeShare?: number;
  demand?: SmDemandShare[];
}

/** Kernels whose blocks fill about `sms` SMs at once (their time-weighted mean), and their share of the kernel time. */
export interface SmDemandShare {
  sms: number;
  share: number;
}

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
  /** The fitted curve through smScaling (what the models evaluate; its t(all SMs) equals stepTimeS). */
  smCurve: SmCurve;
  /**
   * Fraction of the GPU-busy time spent in memory-bound kernels (read from kernel traces by kernel class):
   * the part that slows down when a MIG slice or another GPU has less memory bandwidth per SM.
   */
  memoryBoundFraction: number;
  /** Device memory one process of this workload holds (CUDA context + PyTorch reserved peak), bytes. */
  memoryBytes: number;
  /**
   * The least device memory (context included) it was measured to train in, under a PyTorch memory cap: with
   * less free memory, cuDNN picks algorithms with smaller workspaces and the allocator caches less. Absent: never
   * measured below memoryBytes, so memoryBytes is what it needs.
   */
  minMemoryBytes?: number;
  /**
   * The kernels of one solo step, from the kernel trace; absent without a trace. `perStep`: how many;
   * `exposedPerStep`: how many start on an idle GPU (the host had not launched them yet: under MPS such a kernel
   * waits behind co-runners' kernels); `meanUs`: their mean duration; `turnUs`: the mean duration of those whose
   * blocks take at least half of what the SMs hold at once (the mean of all when none does). Under MPS the
   * clients' large kernels take turns at the SMs while small ones run beside them (mps.ts). `largeShare`: the
   * share of its kernel time in those large kernels (absent in sets calibrated before 2026-12-02: taken as 1).
   * `demand`: its kernel time by the SMs its kernels' blocks fill at once, in up to eight groups (absent in sets
   * calibrated before 2026-12-06: utilization then counts its host time as idle on any SM count).
   */
  kernels?: KernelFigures;
  /** Mean SM activity (0..1), DRAM bandwidth utilization (0..1, NVML GPM) and board power (W) while it runs alone. */
  smActivity: number;
  dramUtil: number;
  powerW: number;
  /**
   * Seconds a fresh job of this workload takes beyond its steady steps (model build, CUDA context, cuDNN
   * autotuning in the first steps), from replays made for calibration; absent when never measured.
   */
  startupS?: number;
  /**
   * Fraction of its start-up during which the GPU runs this job's kernels when it starts alone (NVML utilization
   * over its start-up, from the same replays): start-up is mostly host work and synchronized trials.
   */
  startupBusyFraction?: number;
  /**
   * Mean SM activity (0..1) over its start-up alone (GPM, the same replays): its trials are short kernels that keep
   * fewer SMs active than training does, so they take less of what MPS co-runners share.
   */
  startupSmActivity?: number;
  /** Seconds of its start-up before the first step is launched (model build, CUDA context): host work only. */
  startupBuildS?: number;
  /**
   * Time-sliced, seconds its start-up waits per unit of co-runners' GPU demand (naive.ts), from replays made for
   * calibration where it started beside busy jobs; absent when never measured so.
   */
  startupWaitS?: number;
  /**
   * Set on the profile of a job's start-up phase (sim/sharing/startup.ts): the seconds of it, alone, spent in model
   * build (the rest is synchronized trials, cuDNN autotuning), and its workload's `startupWaitS` if measured.
   */
  startupPhase?: { buildS: number; waitS?: number };
  /**
   * What it keeps after it autotuned under MPS while co-runners autotuned too (a mix started together;
   * started-together.ts): its kernels then (as `kernels`), from a calibration probe; absent when never probed (its
   * solo kernels hold).
   */
  startedTogether?: { kernels: KernelFigures };
  /** True when any number here was scaled from another GPU rather than measured (see calibration/transfer). */
  transferred: boolean;
}

/** One co-running job as the sharing model sees it. */
export interface CoRunner {
  profile: WorkloadProfile;
  /**
   * SM cap as an SM count (already rounded by the caller, e.g. sim/hardware's MPS rounding of an
   * active-thread percentage); undefined = no cap. Only the MPS models read it.
   */
  smLimit?: number;
  /** Per-client memory cap in bytes (MPS pinned-memory limit); undefined = no cap. */
  memoryLimitBytes?: number;
}

/** The GPU the co-runners share, as the sharing models need it (built from sim/hardware's catalog). */
export interface GpuView {
  /** Catalog name; every profile must have been calibrated for (or transferred to) this GPU. */
  name: string;
  /** SMs of the whole GPU. */
  sms: number;
  /** Device memory usable by processes, bytes. */
  memoryBytes: number;
}

/** A MIG instance the co-runners sit in (one job, or several through MPS or time-slicing inside it). */
export interface MigInstanceView {
  profile: string;
  sms: number;
  memoryBytes: number;
  /** Memory slices of this instance over the GPU's total (1/8 for a 1g): its share of memory bandwidth. */
  bandwidthShare: number;
}

/** How the co-runners share the GPU. MPS with any `smLimit` set is what validation calls mps-partitioned. */
export type SharingSetup =
  | { mode: "exclusive" }
  | { mode: "naive" }
  | { mode: "mps" }
  | { mode: "mig"; instance: MigInstanceView; inside: ModelMode };

/** Global (per GPU, not per workload) parameters of the sharing models, fitted by `colloc calibrate`. */
export interface SharingParams {
  /** Naive: GPU time lost to context switches per unit of work while two or more contexts contend. */
  switchOverhead: number;
  /**
   * Naive: microseconds a job waits each time it launches onto an idle GPU of its own (kernels.exposedPerStep per
   * step) while co-runners have work: the driver gave them the GPU, and its context must be switched back in. Per
   * unit of the co-runners' GPU time (the fraction of the time each holds the GPU, summed).
   */
  naiveSwitchBackUs: number;
  /** MPS: the part of the GPU capacity a job's kernels leave idle that co-runners still cannot use (0..1). */
  mpsInterference: number;
  /**
   * MPS: the same, beside copies of its own workload (0..1): identical kernels fill each other's idle SMs. Beside
   * several co-runners the part no co-runner fills is the product of one factor per co-runner.
   */
  mpsInterferenceSame: number;
  /**
   * MPS: how long a kernel launched onto an idle stream waits, in mean kernels of a co-runner whose kernels are
   * on the GPU (times the fraction of the time they are): small kernels queue behind large ones.
   */
  mpsKernelWait: number;
  /**
   * MPS: how much a job's kernels stretch per unit of co-runners' memory pressure (each one's DRAM utilization
   * while its kernels run x the fraction of the time they run x its SM share, summed): DRAM bandwidth and L2 are
   * shared even by SM partitions that never block each other.
   */
  mpsMemoryContention: number;
  /**
   * MPS: exponents of a client's turn weight at the SMs, k^mpsWeightKernel * r^mpsWeightRate * a^mpsWeightActivity
   * (k its large kernels' mean duration, r its kernels per millisecond alone, a its SM activity while busy): what
   * decides who wins.
   */
  mpsWeightKernel: number;
  mpsWeightRate: number;
  mpsWeightActivity: number;
  /**
   * Start-up phases under sharing (sim/sharing/startup.ts), per unit of co-runners' GPU demand (the fraction of
   * the time each has kernels to run alone, summed). Time-sliced, every blocking call of a start-up waits for
   * the slices of the co-runners with work pending: a workload measured so waits its own `startupWaitS` seconds,
   * any other `startupWait` times its solo start-up. Under MPS its autotuning trials share the SMs and the MPS
   * server with co-runners' kernels: they stretch by `mpsStartupWait` (its model build was measured not to).
   */
  startupWait: number;
  mpsStartupWait: number;
  /** Memory each MPS client holds beyond (negative: below) its solo footprint, bytes. */
  mpsClientMemoryDeltaBytes: number;
  /** Board power with no kernel running, watts (the power model's intercept). */
  idlePowerW: number;
  /**
   * gamma (0..1): a board doing less than one solo's worth of work (S, the jobs' steps in solo steps) draws its
   * steps' power above idle times S^(gamma - 1); 1 = in proportion to the steps (power.ts).
   */
  powerLoadExponent: number;
  /** Board power limit, watts: predicted power never exceeds it. */
  maxPowerW: number;
}

/** What a sharing model says about one set of co-runners on one GPU (or one MIG instance). */
export interface ShareResult {
  /** Training steps per second for each co-runner, in input order (0 for one that ran out of memory). */
  stepsPerSecond: number[];
  /** Whether each co-runner runs out of memory in this placement. */
  oom: boolean[];
  /**
   * True when memory held no co-runner back, so `oom` is the same in any order of them (the memory rule admits in
   * order). A model that does not say is asked in start order.
   */
  anyOrder?: boolean;
  /** NVML-style utilization: fraction of time at least one kernel runs (0..1). */
  utilization: number;
  /** Spatial SM activity: fraction of the whole GPU's SMs busy averaged over time (0..1; a MIG instance's share). */
  smActivity: number;
  /** Device memory in use, bytes. */
  memoryBytes: number;
  /** Board power, watts (for a MIG instance: the power above idle its jobs' steps add, before the board's load). */
  powerW: number;
  /** The jobs' steps per second in solo steps, summed (S, power.ts): 1 = one job at its solo pace. */
  load: number;
}

/** The GPU-level part of a ShareResult: what a GPU (or one MIG instance) does as a whole. */
export type GpuLevel = Omit<ShareResult, "stepsPerSecond" | "oom">;
