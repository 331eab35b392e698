/** Exclusive use: one job alone on its slice (the whole GPU, an MPS-capped share of it, or a MIG instance). */
import { SimulationError } from "../core/index.ts";
import type { Rates } from "./result.ts";
import type { Slice } from "./slice.ts";
import { gpuTime, hostTime, idleTime, kernelBusyTime } from "./sm-scaling.ts";
import type { CoRunner } from "./types.ts";

export function exclusiveRates(runners: CoRunner[], slice: Slice): Rates {
  if (runners.length > 1) throw new SimulationError(`exclusive mode runs one job, got ${runners.length}`);
  if (runners.length === 0) return { rates: [], utilization: 0 };
  const { profile, smLimit } = runners[0];
  const sms = Math.min(slice.sms, smLimit ?? slice.sms);
  const busy = gpuTime(profile, sms, slice.bandwidthShare);
  const step = hostTime(profile) + busy;
  // Capped, its kernels run on into the host's gaps (kernelBusyTime), as in mps.ts.
  const kernels = kernelBusyTime(profile, sms, slice);
  return { rates: [1 / step], utilization: 1 - idleTime(step, busy, kernels) / step };
}
