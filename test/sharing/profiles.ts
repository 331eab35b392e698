/** Hand-made profiles and a GPU for the sharing tests: round numbers whose consequences can be worked out by hand. */
import type { GpuView, SharingParams, WorkloadProfile } from "../../sim/sharing/types.ts";
import { startingSharing } from "../../calibration/fit/sharing-params.ts";

export const gpu: GpuView = { name: "TEST-GPU", sms: 100, memoryBytes: 100e9 };

export const params: SharingParams = startingSharing({ idleW: 100, maxW: 700 });

/** A workload of 0.1 s steps, busy `busy` of the time, whose kernel part scales as (100/sms)^alpha. */
export function profile(id: string, busy: number, alpha = 1, memoryBytes = 10e9): WorkloadProfile {
  const stepTimeS = 0.1;
  const parallelS = busy * stepTimeS;
  return {
    id,
    model: id,
    batch: 128,
    imagesPerEpoch: 50_000,
    gpu: gpu.name,
    stepTimeS,
    stepTimeCv: 0.01,
    busyFraction: busy,
    smScaling: { sms: [100], stepTimeS: [stepTimeS] },
    smCurve: { referenceSms: 100, serialS: stepTimeS - parallelS, parallelS, alpha },
    memoryBoundFraction: 0,
    memoryBytes,
    smActivity: busy * 0.8,
    dramUtil: 0.3,
    powerW: 100 + 300 * busy, // dynamic power in proportion to the time its kernels run
    transferred: false,
  };
}
