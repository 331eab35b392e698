/**
 * SM activity from step rates: each solo step keeps SMs busy for smActivity * stepTimeS SM-fractions-seconds,
 * and that work does not change when the step is shared, so activity = sum of rate * that, capped by the
 * time some kernel runs (utilization). A job held to c of the slice's SMs (an MPS cap) cannot keep more than
 * that share of them active while its kernels run, whatever it did alone on all of them.
 */
import type { Slice } from "./slice.ts";
import { gpuTime } from "./sm-scaling.ts";
import type { CoRunner } from "./types.ts";

export function smActivity(
  coRunners: CoRunner[],
  stepsPerSecond: number[],
  utilization: number,
  slice: Slice,
): number {
  let activity = 0;
  coRunners.forEach(({ profile, smLimit }, i) => {
    const rate = stepsPerSecond[i];
    const alone = profile.smActivity * profile.stepTimeS * rate;
    if (smLimit === undefined || smLimit >= slice.sms) activity += alone;
    else {
      const kernelsRunning = Math.min(1, rate * gpuTime(profile, smLimit, slice.bandwidthShare));
      activity += Math.min(alone, (smLimit / slice.sms) * slice.smShare * kernelsRunning);
    }
  });
  return Math.min(utilization, activity);
}
