/**
 * Transfer a workload profile measured on one GPU to another it was not measured on (the study's workloads from
 * our H200 to the A100). Every number it produces is marked `transferred`. Assumptions (docs/calibration.md):
 * - Host time per step (data loading, Python, launches) does not change: same host and software stack.
 * - The GPU-busy time splits into compute-bound and memory-bound kernels by the kernel traces
 *   (memoryBoundFraction); compute-bound kernels reach the same fraction of peak TF32 throughput on both GPUs,
 *   memory-bound ones the same fraction of peak memory bandwidth. So the GPU time scales by
 *   k = (1 - m) * tf32(source) / tf32(target) + m * bandwidth(source) / bandwidth(target).
 * - Kernels fill the same number of SMs on either GPU (same grids), so the SM curve keeps its shape in absolute
 *   SMs; it is re-referenced to the target's SM count.
 * - Memory per process is unchanged (same model, batch and framework). SM activity and DRAM utilization while
 *   busy are unchanged; kernels (and their waves) last k times as long, their counts stay.
 *   Power above idle scales with the two boards' dynamic ranges (limit minus idle) and the busy fraction.
 */
import type { GpuSpec } from "../sim/hardware/types.ts";
import { curveStepTime, hostTime } from "../sim/sharing/sm-scaling.ts";
import type { KernelFigures, SharingParams, WorkloadProfile } from "../sim/sharing/types.ts";

export const TRANSFER_METHOD =
  "calibration/transfer.ts: host time kept, GPU time scaled by TF32 and bandwidth ratios";

/** GPU-time factor from source to target for a workload with memory-bound fraction m. */
export function gpuTimeFactor(source: GpuSpec, target: GpuSpec, memoryBoundFraction: number): number {
  const compute = source.tf32Tflops / target.tf32Tflops;
  const bandwidth = source.memoryBandwidthBytesPerS / target.memoryBandwidthBytesPerS;
  return (1 - memoryBoundFraction) * compute + memoryBoundFraction * bandwidth;
}

/** Kernel figures on the target: the same kernels, each k times as long. */
function transferKernels(kernels: KernelFigures, k: number): KernelFigures {
  return { ...kernels, meanUs: k * kernels.meanUs, turnUs: k * kernels.turnUs };
}

export function transferProfile(profile: WorkloadProfile, source: GpuSpec, target: GpuSpec): WorkloadProfile {
  const m = profile.memoryBoundFraction;
  const k = gpuTimeFactor(source, target, m);
  const h = hostTime(profile);
  const { serialS, parallelS, alpha, referenceSms } = profile.smCurve;
  // t_T(n) = h + k * (t_S(n) - h), written in the curve's form with the target's SM count as reference.
  const smCurve = {
    referenceSms: target.sms,
    serialS: Math.max(0, h + k * (serialS - h)),
    parallelS: k * parallelS * (referenceSms / target.sms) ** alpha,
    alpha,
  };
  const gpuS = k * profile.busyFraction * profile.stepTimeS;
  const stepTimeS = h + gpuS;
  const busyFraction = gpuS / stepTimeS;
  const bandwidthPart = m * (source.memoryBandwidthBytesPerS / target.memoryBandwidthBytesPerS);
  const dynamicScale = (target.power.maxW - target.power.idleW) / (source.power.maxW - source.power.idleW);
  const sms = [...profile.smScaling.sms.filter((n) => n < target.sms), target.sms];
  const activeShare = profile.busyFraction > 0 ? busyFraction / profile.busyFraction : 1;
  return {
    ...profile,
    gpu: target.name,
    stepTimeS,
    busyFraction,
    smScaling: { sms, stepTimeS: sms.map((n) => curveStepTime(smCurve, n)) },
    smCurve,
    memoryBoundFraction: bandwidthPart / k,
    ...(profile.kernels === undefined ? {} : { kernels: transferKernels(profile.kernels, k) }),
    ...(profile.startedTogether === undefined
      ? {}
      : { startedTogether: { kernels: transferKernels(profile.startedTogether.kernels, k) } }),
    smActivity: Math.min(1, profile.smActivity * activeShare),
    dramUtil: Math.min(1, profile.dramUtil * activeShare),
    powerW: target.power.idleW + (profile.powerW - source.power.idleW) * dynamicScale * activeShare,
    transferred: true,
  };
}

/** Sharing parameters on the target: the models' global parameters kept, power from the target's catalog entry. */
export function transferSharing(params: SharingParams, target: GpuSpec): SharingParams {
  return { ...params, idlePowerW: target.power.idleW, maxPowerW: target.power.maxW };
}
