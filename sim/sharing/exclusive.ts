/** Exclusive use: one job alone on its slice (the whole GPU, an MPS-capped share of it, or a MIG instance). */
import { SimulationError } from "../core/index.ts";
import type { Rates } from "./result.ts";
import type { Slice } from "./slice.ts";
import { gpuTime, hostTime } from "./sm-scaling.ts";
import type { CoRunner } from "./types.ts";

export function exclusiveRates(runners: CoRunner[], slice: Slice): Rates {
  if (runners.length > 1) throw new SimulationError(`exclusive mode runs one job, got ${runners.length}`);
  if (runners.length === 0) return { rates: [], utilization: 0 };
  const { profile, smLimit } = runners[0];
  const busy = gpuTime(profile, Math.min(slice.sms, smLimit ?? slice.sms), slice.bandwidthShare);
  const step = hostTime(profile) + busy;
  return { rates: [1 / step], utilization: busy / step };
}
