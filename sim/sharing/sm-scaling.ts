/**
 * Step time and GPU-phase time of one workload as a function of the SMs (and memory bandwidth) it gets.
 * Every sharing model builds on these two functions, so they are the one place the SM curve is evaluated.
 */
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
 * The curve was measured with the full bandwidth (MPS caps); a MIG slice with less bandwidth per SM than the
 * whole GPU slows the memory-bound part of the kernels by the missing bandwidth per SM.
 */
export function gpuTime(profile: WorkloadProfile, sms: number, bandwidthShare = 1): number {
  const solo = profile.busyFraction * profile.stepTimeS;
  const scaled =
    solo + curveStepTime(profile.smCurve, sms) - curveStepTime(profile.smCurve, profile.smCurve.referenceSms);
  const kernel = Math.max(solo, scaled);
  const smShare = Math.min(sms, profile.smCurve.referenceSms) / profile.smCurve.referenceSms;
  const bandwidthPenalty = Math.max(1, smShare / bandwidthShare);
  return kernel * (1 - profile.memoryBoundFraction + profile.memoryBoundFraction * bandwidthPenalty);
}
