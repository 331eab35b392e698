/**
 * Board power from what runs: idle power plus, for each job, the energy above idle its solo run spent per step
 * times the steps it now makes per second (W). A step costs the same dynamic energy whether it runs alone or shared
 * (same kernels, same bytes moved), as long as the board does at least one solo's worth of work. Below that (a job
 * on an SM cap or a MIG slice, time slices lost to switching) the board draws more than its steps' share:
 * W * S^(powerLoadExponent - 1), S the steps in solo steps summed. Measured on the H200: deit_tiny capped to 16 of
 * 132 SMs stepped at 0.15 of its solo pace and drew 212 W, where the steps' share says 156.
 * When the jobs would draw more than the board's limit, the GPU lowers its clocks until they fit: every rate slows
 * by the same factor (measured on the H200: clocks fall by about the ratio of available to asked-for dynamic power).
 */
import type { SharingParams, WorkloadProfile } from "./types.ts";

/** Work (W above idle, in proportion to the steps) and load (S) of jobs running at the given step rates. */
export function stepPower(
  params: SharingParams,
  profiles: WorkloadProfile[],
  stepsPerSecond: number[],
): { workW: number; load: number } {
  let workW = 0;
  let load = 0;
  profiles.forEach((p, i) => {
    const solos = p.stepTimeS * stepsPerSecond[i];
    workW += Math.max(0, p.powerW - params.idlePowerW) * solos;
    load += solos;
  });
  return { workW, load };
}

/** What a board's load (S) multiplies its steps' power by: S^(gamma - 1) below one solo's worth, else 1. */
export function loadFactor(exponent: number, load: number): number {
  return load > 0 && load < 1 ? load ** (exponent - 1) : 1;
}

/** Power above idle of a board whose jobs' steps draw workW at the given load. */
export function loadedPower(params: SharingParams, workW: number, load: number): number {
  return workW * loadFactor(params.powerLoadExponent, load);
}

/** Dynamic power (W above idle) of jobs running at the given step rates on a whole board. */
export function dynamicPower(
  params: SharingParams,
  profiles: WorkloadProfile[],
  stepsPerSecond: number[],
): number {
  const { workW, load } = stepPower(params, profiles, stepsPerSecond);
  return loadedPower(params, workW, load);
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
