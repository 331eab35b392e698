/**
 * SM activity from step rates: each solo step keeps SMs busy for smActivity * stepTimeS SM-fractions-seconds,
 * and that work does not change when the step is shared, so activity = sum of rate * that, capped by the
 * time some kernel runs (utilization).
 */
import type { WorkloadProfile } from "./types.ts";

export function smActivity(
  profiles: WorkloadProfile[],
  stepsPerSecond: number[],
  utilization: number,
): number {
  let activity = 0;
  profiles.forEach((p, i) => {
    activity += p.smActivity * p.stepTimeS * stepsPerSecond[i];
  });
  return Math.min(utilization, activity);
}
