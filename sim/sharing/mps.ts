/**
 * MPS: kernels of different clients run at the same time, sharing the SMs. Alone on its cap of c_i SMs, job i
 * steps every t_i(c_i) = h_i + g_i(c_i) seconds (its SM curve). What co-runners compete for is the GPU's
 * throughput (SM issue slots, memory bandwidth, L2): job i's kernels occupy a fraction
 * phi_i = a_i + mpsInterference * (1 - a_i) of it while they run, where a_i = smActivity_i / busyFraction_i is
 * how much of the GPU its kernels keep active (from its solo run) and mpsInterference (one parameter per GPU)
 * is the part of the capacity it leaves idle that co-runners still cannot use. Job i asks for
 * d_i = phi_i * g_i(N) / t_i(c_i) of that capacity; the capacity (1) is divided max-min fairly (the block
 * scheduler serves every client with kernels ready); rate_i = min(1 / t_i(c_i), share_i / (phi_i * g_i(N))).
 * SM caps (mps-partitioned) only lower a job's own pace; what the partitions share (bandwidth, L2) still counts.
 */
import type { Rates } from "./result.ts";
import { fairShares } from "./fair-share.ts";
import type { Slice } from "./slice.ts";
import { gpuTime, hostTime } from "./sm-scaling.ts";
import type { CoRunner, SharingParams } from "./types.ts";

/** Fraction of the GPU's throughput a job's kernels hold while they run. */
export function occupancy(runner: CoRunner, params: SharingParams): number {
  const { smActivity, busyFraction } = runner.profile;
  const active = busyFraction > 0 ? Math.min(1, smActivity / busyFraction) : 1;
  return active + params.mpsInterference * (1 - active);
}

export function mpsRates(runners: CoRunner[], slice: Slice, params: SharingParams): Rates {
  const work = runners.map((r) => occupancy(r, params) * gpuTime(r.profile, slice.sms, slice.bandwidthShare));
  const step = runners.map(
    (r) =>
      hostTime(r.profile) +
      gpuTime(r.profile, Math.min(slice.sms, r.smLimit ?? slice.sms), slice.bandwidthShare),
  );
  const shares = fairShares(
    work.map((w, i) => w / step[i]),
    1,
  );
  const rates = runners.map((_, i) =>
    work[i] > 0 ? Math.min(1 / step[i], shares[i] / work[i]) : 1 / step[i],
  );
  // A kernel runs somewhere unless every client is in its host phase (taken as independent).
  let idle = 1;
  runners.forEach((r, i) => (idle *= Math.min(1, hostTime(r.profile) * rates[i])));
  return { rates, utilization: 1 - idle };
}
