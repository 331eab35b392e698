/**
 * MIG: each instance is isolated (its own SMs, memory, L2 and bandwidth), so jobs in different instances do not
 * interfere and each instance is modelled on its own. Inside one instance: one job (exclusive), or several as
 * MPS clients or time-sliced, with the instance's SMs and bandwidth share as the GPU.
 */
import { exclusiveRates } from "./exclusive.ts";
import type { Rates } from "./result.ts";
import { mpsRates } from "./mps.ts";
import { naiveRates } from "./naive.ts";
import type { Slice } from "./slice.ts";
import { boardPower, loadedPower } from "./power.ts";
import type { CoRunner, GpuLevel, ModelMode, SharingParams } from "./types.ts";

export function migRates(runners: CoRunner[], slice: Slice, inside: ModelMode, params: SharingParams): Rates {
  if (inside === "exclusive") return exclusiveRates(runners, slice);
  return inside === "mps" ? mpsRates(runners, slice, params) : naiveRates(runners, slice, params);
}

/**
 * The whole MIG GPU from its instances' figures, for the simulator's GPU timeline and for validation alike.
 * Utilization is NVML's "some kernel ran" fraction: a kernel runs somewhere unless every instance is idle
 * (instances taken as independent). SM activity (each instance's is already a share of the GPU's SMs) and memory
 * add up, and so do the power their jobs' steps draw above idle and their loads: the board's load sets its power
 * (power.ts), the board adds its idle power once, and draws at most its limit.
 */
export function combineInstances(instances: readonly GpuLevel[], params: SharingParams): GpuLevel {
  let idle = 1;
  let smActivity = 0;
  let memoryBytes = 0;
  let workW = 0;
  let load = 0;
  for (const r of instances) {
    idle *= 1 - r.utilization;
    smActivity += r.smActivity;
    memoryBytes += r.memoryBytes;
    workW += r.powerW;
    load += r.load;
  }
  const powerW = boardPower(params, loadedPower(params, workW, load));
  return { utilization: 1 - idle, smActivity, memoryBytes, powerW, load };
}
