/**
 * The shapes of the GPU catalog. Numbers are plain (bytes, watts, MHz, TFLOP/s) and every entry names its source,
 * so a printed figure can be traced back to a datasheet, a published `nvidia-smi` output or our own measurement.
 */

/** A compute-instance (CI) profile inside a GPU instance: its size and where it may start, in compute slices. */
export interface ComputeInstanceProfile {
  computeSlices: number;
  starts: readonly number[];
}

/** Where a MIG GPU-instance profile may sit; shared by every GPU of one memory-slice class. */
export interface MigGeometry {
  /** GI profile id as `nvidia-smi mig -lgip` prints it. */
  id: number;
  memorySlices: number;
  computeSlices: number;
  /** Allowed start positions, in memory slices (`nvidia-smi mig -lgipp`). */
  starts: readonly number[];
  /** Most instances of this profile on one GPU. */
  maxCount: number;
  /** "+me": the instance takes the GPU's media engines; at most one such instance per GPU. */
  mediaExtensions: boolean;
  /** CI profiles that fit in one GI of this profile. */
  computeInstances: readonly ComputeInstanceProfile[];
}

/** A MIG GPU-instance profile on one GPU model. */
export interface MigProfile extends MigGeometry {
  /** Name on this GPU, e.g. "3g.20gb" or "1g.5gb+me". */
  name: string;
  sms: number;
  /** Device memory a process in this instance can use, bytes (`-lgip` "Memory GiB"). */
  usableMemoryBytes: number;
  source: string;
}

/** MPS limits of one GPU model (NVIDIA MPS documentation; see docs/hardware.md). */
export interface MpsLimits {
  /** Client processes per device (whole GPU); lowered in proportion inside a MIG instance. */
  maxClients: number;
  /** Active-thread percentages are rounded down to a multiple of this many SMs (one TPC). */
  smGranularity: number;
  source: string;
}

/** Power and clocks a simulator needs; `source` says which are datasheet values and which are observed. */
export interface PowerSpec {
  /** Board power limit (TDP), W. */
  maxW: number;
  /** Board power with no work and no process, W. */
  idleW: number;
  source: string;
}

export interface GpuSpec {
  /** Canonical name: the one the catalog, scenarios and calibration sets use. */
  name: string;
  /** Other names accepted for it (compared case-insensitively, ignoring "NVIDIA " and spaces). */
  aliases: readonly string[];
  architecture: "Pascal" | "Volta" | "Turing" | "Ampere" | "Hopper";
  sms: number;
  /** SMs usable with MIG enabled (A100: 98 of 108). */
  migSms: number;
  /** Device memory a process can see outside MIG, bytes (`nvidia-smi` memory.total). */
  memoryBytes: number;
  memoryBandwidthBytesPerS: number;
  l2Bytes: number;
  boostClockMhz: number;
  /** Peak dense rates from the datasheet, TFLOP/s (TF32 = tensor cores, without sparsity). */
  fp32Tflops: number;
  tf32Tflops: number;
  power: PowerSpec;
  memorySlices: number;
  computeSlices: number;
  migProfiles: readonly MigProfile[];
  mps: MpsLimits;
  source: string;
}

/** One GPU instance: a profile at a start position (memory slices). */
export interface Placement {
  profileId: number;
  start: number;
}

/** Options that choose which profiles an enumeration considers. */
export interface ProfileSelection {
  /** Profile ids to consider; default: every profile of the GPU (see `mediaExtensions`). */
  profileIds?: readonly number[];
  /** Include "+me" profiles when `profileIds` is not given; default false. */
  mediaExtensions?: boolean;
}

/**
 * A GPU model known by name only (the openb trace's undisclosed G1, G2 and G3): nodes holding it can take pods in a
 * placement study, but nothing can be simulated on it (no SMs, memory or power are published).
 */
export interface PlacementOnlyGpu {
  name: string;
  aliases: readonly string[];
  /** Why only placement: what is not known about it. */
  placementOnly: string;
  source: string;
}

/** Any model the catalog knows: one the sharing models can simulate, or one known only for placement. */
export type GpuModel = GpuSpec | PlacementOnlyGpu;
