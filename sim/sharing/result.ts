/** Assembles a ShareResult from per-job step rates: the GPU-level figures every mode derives the same way. */
import { smActivity } from "./activity.ts";
import type { MemoryFit } from "./memory.ts";
import { boardPower, loadedPower, stepPower } from "./power.ts";
import type { Slice } from "./slice.ts";
import type { CoRunner, SharingParams, ShareResult } from "./types.ts";

/** What a mode's model says about the jobs that run: steps per second each, and NVML-style utilization. */
export interface Rates {
  rates: number[];
  utilization: number;
}

/** Rates of the jobs that fit in memory (in their order) spread back over all co-runners (OOM ones get 0). */
export function assemble(
  coRunners: CoRunner[],
  fit: MemoryFit,
  running: Rates,
  slice: Slice,
  params: SharingParams,
): ShareResult {
  const stepsPerSecond: number[] = [];
  let next = 0;
  for (let i = 0; i < coRunners.length; i++) stepsPerSecond.push(fit.oom[i] ? 0 : running.rates[next++]);
  const profiles = coRunners.map((c) => c.profile);
  const { workW, load } = stepPower(params, profiles, stepsPerSecond);
  return {
    stepsPerSecond,
    oom: fit.oom,
    anyOrder: fit.anyOrder,
    utilization: running.utilization,
    smActivity: smActivity(coRunners, stepsPerSecond, running.utilization * slice.smShare, slice),
    memoryBytes: fit.memoryBytes,
    // A MIG instance's load is the board's only with the others' (combineInstances).
    powerW: slice.wholeBoard ? boardPower(params, loadedPower(params, workW, load)) : workW,
    load,
  };
}

/** The profiles of the co-runners that did not run out of memory. */
export function runningProfiles(coRunners: CoRunner[], fit: MemoryFit): CoRunner[] {
  return coRunners.filter((_, i) => !fit.oom[i]);
}
