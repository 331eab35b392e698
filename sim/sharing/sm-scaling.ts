/**
 * Step time and GPU-phase time of one workload as a function of the SMs (and memory bandwidth) it gets.
 * Every sharing model builds on these two functions, so they are the one place the SM curve is evaluated.
 */
import type { Slice } from "./slice.ts";
import type { SmCurve, WorkloadProfile } from "./types.ts";

/** Solo step time on `sms` SMs, from the fitted curve (sms is clamped to at least one SM). */
export function curveStepTime(curve: SmCurve, sms: number): number {
  const ratio = curve.referenceSms / Math.max(1, sms);
  return curve.serialS + curve.parallelS * ratio ** curve.alpha;
}

/**
 * Host (idle-GPU) time of one solo step: the part of a step during which none of its kernels run.
 * It is assumed not to change with the SMs the job gets; only the kernel phase stretches.
 */
export function hostTime(profile: WorkloadProfile): number {
  return (1 - profile.busyFraction) * profile.stepTimeS;
}

/**
 * GPU-busy time of one step on `sms` SMs with `bandwidthShare` of the memory bandwidth (1 = all of it).
 * With all the bandwidth (whole GPU, MPS caps) the SM curve stretches the kernels, as measured under MPS caps.
 * A MIG instance with fewer memory slices also has that share of the bandwidth and L2, so the scaling part of the
 * curve (parallelS) splits: its compute-bound share (1 - memoryBoundFraction) follows the SMs, its memory-bound
 * share the bandwidth; the serial part does not scale. MISO's A100 slice speeds favour this split over pure SM
 * scaling (calibration/a100/slice-speeds.ts, docs/calibration.md).
 */
export function gpuTime(profile: WorkloadProfile, sms: number, bandwidthShare = 1): number {
  const solo = profile.busyFraction * profile.stepTimeS;
  const curve = profile.smCurve;
  const scaled = solo + curveStepTime(curve, sms) - curveStepTime(curve, curve.referenceSms);
  if (bandwidthShare >= 1) return Math.max(solo, scaled);
  return Math.max(
    solo,
    migTime(solo, scaled - solo, curve.parallelS, profile.memoryBoundFraction, bandwidthShare),
  );
}

/**
 * Seconds of one step during which its kernels run on `sms` SMs, for utilization (the step time is the SM curve's):
 * each solo kernel stretched by the SMs its blocks fill over those it gets (`kernels.demand`). A launch-bound job's
 * kernels then fill the gaps its host leaves, which the curve's step time does not show (xcit_nano trains as fast at
 * 64 SMs as on 132, NVML 95 % busy against 51 %). Without `demand`, or on a MIG instance (no run measured one so),
 * its GPU-phase time `gpuTime`.
 */
export function kernelBusyTime(profile: WorkloadProfile, sms: number, slice: Slice): number {
  const demand = profile.kernels?.demand;
  if (demand === undefined || !slice.wholeBoard) return gpuTime(profile, sms, slice.bandwidthShare);
  const stretch = demand.reduce((s, d) => s + d.share * Math.max(1, Math.min(d.sms, slice.sms) / sms), 0);
  return profile.busyFraction * profile.stepTimeS * stretch;
}

/**
 * Seconds of a step of `stepS` during which none of its kernels run: the host's part (`stepS - gpuS`), less what
 * of it kernels running for `kernelS` seconds fill (kernelBusyTime).
 */
export function idleTime(stepS: number, gpuS: number, kernelS: number): number {
  return Math.min(stepS - gpuS, Math.max(0, stepS - kernelS));
}

/**
 * Kernel time on a MIG instance: `base` (the time alone on the whole GPU) plus the compute-bound share (1 - m) of
 * `computeS` (what the SM curve adds on the instance's SMs) plus the memory-bound share m of `parallelS` (the
 * curve's scaling part) stretched by the instance's bandwidth share w. The one formula of the slice model, also
 * fitted on MISO's A100 slice speeds (calibration/a100/slice-speeds.ts).
 */
export function migTime(base: number, computeS: number, parallelS: number, m: number, w: number): number {
  return base + (1 - m) * computeS + m * parallelS * (1 / w - 1);
}
