/**
 * One training step of a job as the GPU sees it, from a recorded kernel trace: its kernels in order, each with
 * the time after the step's start at which the host had launched it, its solo duration and the SMs it can fill.
 * Launches are asynchronous: the host runs ahead of a slowed GPU and only waits for it at the step's end.
 */

export interface TraceKernel {
  /** When the host had launched this kernel, seconds after the step's start (never before the previous one). */
  launchS: number;
  /** Kernel duration alone on the whole GPU, seconds. */
  durS: number;
  /** SMs its thread blocks can occupy at once (at most the GPU's SMs). */
  smDemand: number;
  /**
   * Its blocks over the blocks one SM holds: the SMs it would fill at once on a GPU large enough (above the GPU's SMs
   * it runs in waves). Absent in sets calibrated before 2026-12-04: taken as smDemand, one wave.
   */
  smLoad?: number;
  /** It streams memory (by kernel class, calibration/fit/kernel-class.ts): only such kernels wait on co-runners' DRAM traffic. */
  memoryBound: boolean;
}

export interface JobTrace {
  workload: string;
  /** Host time of one step: the next step cannot start earlier than this after the previous one began. */
  stepS: number;
  kernels: TraceKernel[];
}

/** Per-SM limits of the GPUs we model (Ampere and Hopper: 2048 threads, 32 blocks, 64K registers, 228 KB smem). */
const THREADS_PER_SM = 2048;
const BLOCKS_PER_SM = 32;
const REGISTERS_PER_SM = 65536;
const SHARED_BYTES_PER_SM = 228 * 1024;

/** Blocks of a kernel one SM holds at once, by the occupancy limits (threads, blocks, registers, shared memory). */
export function blocksPerSm(
  threadsPerBlock: number,
  registersPerThread: number | null,
  sharedBytesPerBlock: number | null,
): number {
  const threads = Math.max(1, threadsPerBlock);
  const limits = [BLOCKS_PER_SM, Math.floor(THREADS_PER_SM / threads)];
  if (registersPerThread) limits.push(Math.floor(REGISTERS_PER_SM / (registersPerThread * threads)));
  if (sharedBytesPerBlock) limits.push(Math.floor(SHARED_BYTES_PER_SM / sharedBytesPerBlock));
  return Math.max(1, Math.min(...limits));
}

/**
 * Solo seconds a kernel has left when its last wave starts on `sms` SMs (0 for a kernel of one wave): the block
 * scheduler dispatches an earlier kernel's blocks first, so until then it holds every SM it may.
 */
export function lastWaveS(k: TraceKernel, sms: number): number {
  const waves = Math.ceil((k.smLoad ?? k.smDemand) / sms);
  return waves > 1 ? k.durS / waves : 0;
}

/** Steps in which a kernel's last wave frees the SMs its earlier waves held (their blocks retire spread over it). */
export const DRAIN_STEPS = 4;

/**
 * SMs a kernel holds on `sms` SMs: all of them before its last wave; in it (`drainStep` 0 to DRAIN_STEPS - 1), from
 * all down to that wave's over its duration, as the earlier waves' blocks retire, so kernels behind it get the rest.
 */
export function heldSms(k: TraceKernel, sms: number, drainStep?: number): number {
  const load = k.smLoad ?? k.smDemand;
  const waves = Math.ceil(load / sms);
  if (waves <= 1) return Math.min(k.smDemand, sms);
  if (drainStep === undefined) return sms;
  const last = Math.max(1, Math.ceil(load - (waves - 1) * sms));
  return last + (sms - last) * (1 - (drainStep + 0.5) / DRAIN_STEPS);
}

/** How long a step of the trace lasts alone, every kernel at its own speed: as the replay plays a lone job. */
export function aloneStepS(trace: JobTrace): number {
  let end = 0;
  for (const k of trace.kernels) end = Math.max(end, k.launchS) + k.durS;
  return Math.max(trace.stepS, end);
}

/**
 * A job's step as it runs on a cap of `cap` SMs (an MPS active-thread limit), its kernels taking `gpuS` seconds in
 * all there (its SM curve's figure, what its solo capped runs measured): the kernels that fill more than the cap are
 * stretched alike to make up the difference, the ones that fit in it run as alone, and none fills more than the cap.
 */
export function onCap(trace: JobTrace, cap: number, gpuS: number): JobTrace {
  const wide = trace.kernels.filter((k) => k.smDemand > cap);
  const total = trace.kernels.reduce((s, k) => s + k.durS, 0);
  const wideS = wide.reduce((s, k) => s + k.durS, 0);
  const stretch = wideS > 0 ? Math.max(1, 1 + (gpuS - total) / wideS) : 1;
  return {
    ...trace,
    kernels: trace.kernels.map((k) =>
      k.smDemand > cap ? { ...k, durS: k.durS * stretch, smDemand: cap } : k,
    ),
  };
}

/** SMs a kernel's grid fills: its blocks over the blocks one SM can hold (occupancy limits), capped at the GPU. */
export function smDemand(
  blocks: number,
  threadsPerBlock: number,
  registersPerThread: number | null,
  sharedBytesPerBlock: number | null,
  gpuSms: number,
): number {
  return Math.min(
    gpuSms,
    Math.max(1, Math.ceil(smLoad(blocks, threadsPerBlock, registersPerThread, sharedBytesPerBlock))),
  );
}

/** A kernel's blocks over the blocks one SM can hold: the SMs it fills at once, in waves beyond the GPU's. */
export function smLoad(
  blocks: number,
  threadsPerBlock: number,
  registersPerThread: number | null,
  sharedBytesPerBlock: number | null,
): number {
  return blocks / blocksPerSm(threadsPerBlock, registersPerThread, sharedBytesPerBlock);
}

export interface RecordedKernel {
  startUs: number;
  durUs: number;
  blocks: number;
  threadsPerBlock: number;
  registers: number | null;
  sharedBytes: number | null;
  memoryBound: boolean;
}

/**
 * A job trace from one recorded iteration: kernels in start order, back to back. Kernels of several streams that
 * ran at once count for their time past the ones before them (one wholly inside them drops out), so the trace's GPU
 * time is the time some kernel ran, as the profile's (taken whole, convnext_nano's kernels summed 81.6 ms for a
 * 76.6-ms step, and it replayed alone 6.5 % slow). A kernel that started after a gap was waiting for the host: it was
 * launched when it started; one that started right after its predecessor had been launched no later than that one.
 * The gaps are scaled so the step lasts `stepTimeS` (the untraced step time): tracing slows the host, not the kernels.
 */
export function traceFromKernels(
  workload: string,
  recorded: RecordedKernel[],
  stepTimeS: number,
  gpuSms: number,
): JobTrace {
  const sorted = [...recorded].sort((a, b) => a.startUs - b.startUs);
  let end = sorted[0]?.startUs ?? 0;
  const raw = sorted.flatMap((k) => {
    const gap = Math.max(0, k.startUs - end);
    const past = k.startUs + k.durUs - Math.max(k.startUs, end);
    end = Math.max(end, k.startUs + k.durUs);
    if (past <= 0) return [];
    return [
      {
        gapS: gap / 1e6,
        durS: past / 1e6,
        smDemand: smDemand(k.blocks, k.threadsPerBlock, k.registers, k.sharedBytes, gpuSms),
        smLoad: smLoad(k.blocks, k.threadsPerBlock, k.registers, k.sharedBytes),
        memoryBound: k.memoryBound,
      },
    ];
  });
  const busy = raw.reduce((s, k) => s + k.durS, 0);
  const gaps = raw.reduce((s, k) => s + k.gapS, 0);
  // The step's host time not covered by the in-iteration gaps goes before the first kernel.
  const hostS = Math.max(0, stepTimeS - busy);
  const scale = gaps > 0 ? Math.min(1, hostS / gaps) : 0;
  const leftover = Math.max(0, hostS - gaps * scale);
  let clock = 0;
  let launch = 0;
  const kernels = raw.map((k, i) => {
    const gap = k.gapS * scale + (i === 0 ? leftover : 0);
    clock += gap;
    if (gap > 0) launch = clock;
    const { durS, smDemand, smLoad, memoryBound } = k;
    const kernel = { launchS: launch, durS, smDemand, smLoad, memoryBound };
    clock += k.durS;
    return kernel;
  });
  return { workload, stepS: Math.max(stepTimeS, clock), kernels };
}
