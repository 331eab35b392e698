/**
 * Naive collocation (time-slicing): contexts of different processes never run kernels at the same time; the
 * driver gives each context with pending work an equal time slice of the whole GPU. Job i alone keeps the GPU
 * busy g_i of every t_i seconds, so it asks for a share d_i = g_i / t_i of the GPU's time; the shares are divided
 * max-min fairly (fair-share.ts). While two or more contexts contend, a fraction of the GPU's time goes to
 * context switches: the capacity is 1 / (1 + switchOverhead) (one parameter per GPU). A job's host work
 * overlaps its wait for the GPU (kernels are queued asynchronously), so its rate is share_i / g_i, never more
 * than its solo rate 1 / t_i. A start-up phase (startup.ts) cannot overlap: in its syncBoundS seconds (autotuning)
 * its host waits for each burst, which also waits out the co-runners' slices, so that part stretches by
 * 1 + startupWait * (their shares summed); its model build does not.
 */
import type { Rates } from "./result.ts";
import { fairShares } from "./fair-share.ts";
import type { Slice } from "./slice.ts";
import { gpuTime, hostTime } from "./sm-scaling.ts";
import type { CoRunner, SharingParams } from "./types.ts";

export function naiveRates(runners: CoRunner[], slice: Slice, params: SharingParams): Rates {
  const g = runners.map((r) => gpuTime(r.profile, slice.sms, slice.bandwidthShare));
  const demands = runners.map((r, i) => g[i] / (hostTime(r.profile) + g[i]));
  const overhead = runners.length > 1 ? 1 + params.switchOverhead : 1;
  const shares = fairShares(demands, 1 / overhead);
  const used = shares.reduce((a, b) => a + b, 0);
  // Context switches count as busy time for NVML: no kernel of ours is idle-waiting then.
  const rates = shares.map((s, i) => (g[i] > 0 ? s / g[i] : 1 / hostTime(runners[i].profile)));
  runners.forEach((r, i) => {
    const waiting = r.profile.syncBoundS;
    if (waiting === undefined) return;
    const stretch = 1 + params.startupWait * (used - shares[i]);
    rates[i] = Math.min(rates[i], 1 / (r.profile.stepTimeS + waiting * (stretch - 1)));
  });
  return {
    rates,
    utilization: Math.min(1, used * overhead),
  };
}
