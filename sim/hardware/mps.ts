/** MPS arithmetic: the SMs an active-thread percentage gives a client, and how many clients a device takes. */
import type { GpuSpec } from "./types.ts";

/**
 * SMs a client may use under CUDA_MPS_ACTIVE_THREAD_PERCENTAGE: the percentage of the SMs it sees (the GPU's, or
 * its MIG instance's), rounded down to whole TPCs (`granularity` SMs, 2 on Ampere and Hopper: an assumption, the
 * documentation only says "rounded to a hardware limit"), never less than one TPC nor more than all SMs.
 * A cap, not a reservation: clients may share SMs.
 */
export function mpsClientSms(sms: number, activeThreadPercentage: number, granularity = 2): number {
  if (!(activeThreadPercentage > 0 && activeThreadPercentage <= 100)) {
    throw new RangeError(`active-thread percentage must be in (0, 100], got ${activeThreadPercentage}`);
  }
  const rounded = Math.floor((sms * activeThreadPercentage) / 100 / granularity) * granularity;
  return Math.min(sms, Math.max(granularity, rounded));
}

/**
 * MPS clients per device: the GPU's limit (48), or inside a MIG compute instance of `computeSlices` slices that
 * limit lowered in proportion (NVIDIA MIG user guide), rounded down, at least 1.
 */
export function mpsClientLimit(spec: GpuSpec, computeSlices?: number): number {
  if (computeSlices === undefined) return spec.mps.maxClients;
  return Math.max(1, Math.floor((spec.mps.maxClients * computeSlices) / spec.computeSlices));
}
