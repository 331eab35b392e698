/**
 * Board power from what runs: idle power plus, for each job, the energy above idle its solo run spent per
 * step times the steps it now makes per second. A step costs the same dynamic energy whether it runs alone or
 * shared (same kernels, same bytes moved); only its pace changes. When the jobs would draw more than the board's
 * limit, the GPU lowers its clocks until they fit: every rate slows by the same factor (measured on the H200:
 * clocks fall by about the ratio of available to asked-for dynamic power).
 */
import type { SharingParams, WorkloadProfile } from "./types.ts";

/** Dynamic power (W above idle) of jobs running at the given step rates. */
export function dynamicPower(
  params: SharingParams,
  profiles: WorkloadProfile[],
  stepsPerSecond: number[],
): number {
  let watts = 0;
  profiles.forEach((p, i) => {
    watts += Math.max(0, p.powerW - params.idlePowerW) * p.stepTimeS * stepsPerSecond[i];
  });
  return watts;
}

/** Board power of a whole GPU given the dynamic power of everything on it. */
export function boardPower(params: SharingParams, dynamicW: number): number {
  return Math.min(params.maxPowerW, params.idlePowerW + dynamicW);
}

/** Rates slowed by the clock throttling a power-limited board applies (unchanged below the limit). */
export function throttle(
  params: SharingParams,
  profiles: WorkloadProfile[],
  stepsPerSecond: number[],
): number[] {
  const asked = dynamicPower(params, profiles, stepsPerSecond);
  const available = params.maxPowerW - params.idlePowerW;
  if (asked <= available) return stepsPerSecond;
  return stepsPerSecond.map((r) => (r * available) / asked);
}
