/**
 * Naive collocation (time-slicing): contexts of different processes never run kernels at the same time; the
 * driver gives each context with pending work an equal time slice of the whole GPU. Job i alone keeps the GPU
 * busy g_i of every t_i seconds, so it asks for a share d_i = g_i / t_i of the GPU's time; the shares are divided
 * max-min fairly (fair-share.ts). While two or more contexts contend, a fraction of the GPU's time goes to
 * context switches: the capacity is 1 / (1 + switchOverhead) (one parameter per GPU). A job's host work
 * overlaps its wait for the GPU (kernels are queued asynchronously), so its rate is share_i / g_i, never more
 * than its solo rate 1 / t_i.
 * A start-up phase (startup.ts) cannot overlap: its host blocks on every copy and trial, and each blocking call
 * waits for the slices of the co-runners that have work queued, one after another. So its seconds stretch with
 * the co-runners' demands summed, D_i = sum over j != i of d_j (a busy co-runner counts about 1, a launch-bound
 * one less): t_i = t_i(alone) + D_i * W_i, with W_i the workload's measured wait (startupWaitS: how many blocking
 * calls it makes is its own) or else startupWait * t_i(alone). Its demand is then g_i over that longer step.
 * A launch-bound job pays once more: each kernel it launches onto its own idle GPU (kernels.exposedPerStep per
 * step) finds the GPU handed to co-runners with work and waits naiveSwitchBackUs for its context to be switched
 * back, times the fraction of the time they hold it: T_i = t_i + naiveSwitchBackUs * e_i * sum over j != i of u_j,
 * u_j = share_j, solved with the shares by a damped fixed-point iteration (densenet169 b64, GPU busy 59 % alone,
 * trained 17 % slower beside convnext_nano than the shares alone say). The wait costs a job held to its share too
 * (its demand with the wait, g_i / T_i, above its share s_i): each yield hands its turn to the co-runners, so it uses
 * g_i / (g_i / s_i + W_i) of the GPU's time (W_i = T_i - t_i, the wait per step), and what it yields goes to
 * co-runners that want more, max-min fairly (efficientvit_m2, busy 57 % alone, held 35 % of the GPU's time beside
 * res2net50's 50 %, not an equal 44 % each; docs/calibration.md, form Y, session 25).
 */
import type { Rates } from "./result.ts";
import { fairShares } from "./fair-share.ts";
import { dampedFixedPoint } from "./fixed-point.ts";
import type { Slice } from "./slice.ts";
import { gpuTime, hostTime } from "./sm-scaling.ts";
import { coRunnerDemands } from "./startup.ts";
import type { CoRunner, SharingParams } from "./types.ts";

export function naiveRates(runners: CoRunner[], slice: Slice, params: SharingParams): Rates {
  const g = runners.map((r) => gpuTime(r.profile, slice.sms, slice.bandwidthShare));
  const alone = runners.map((r, i) => hostTime(r.profile) + g[i]);
  const others = coRunnerDemands(g, alone);
  const step = runners.map((r, i) => {
    const phase = r.profile.startupPhase;
    if (phase === undefined) return alone[i];
    return alone[i] + others[i] * (phase.waitS ?? params.startupWait * alone[i]);
  });
  const overhead = runners.length > 1 ? 1 + params.switchOverhead : 1;
  const sharesFor = (T: number[]) => {
    const demands = g.map((gi, i) => gi / T[i]);
    // The wait per step: what the fixed point below added to each step.
    const waits = T.map((Ti, i) => Ti - step[i]);
    return afterYields(demands, fairShares(demands, 1 / overhead), g, waits);
  };
  let T = step;
  if (params.naiveSwitchBackUs > 0 && runners.length > 1) {
    const waitS = params.naiveSwitchBackUs * 1e-6;
    const exposed = runners.map((r) => r.profile.kernels?.exposedPerStep ?? 0);
    T = dampedFixedPoint(T, (T) => {
      // u_j = share_j, the fraction of the time j holds the GPU (shares never exceed the capacity, at most 1).
      const shares = sharesFor(T);
      const sumU = shares.reduce((a, b) => a + b, 0);
      return step.map((s, i) => s + waitS * exposed[i] * (sumU - shares[i]));
    });
  }
  const shares = sharesFor(T);
  const used = shares.reduce((a, b) => a + b, 0);
  // Context switches count as busy time for NVML: no kernel of ours is idle-waiting then.
  return {
    rates: shares.map((s, i) => (g[i] > 0 ? s / g[i] : 1 / T[i])),
    utilization: Math.min(1, used * overhead),
  };
}

/**
 * A job held to its share (below what it wants, g / T) still waits for its context after each yield (wait: seconds
 * a step): it uses g / (g / share + wait) of the GPU's time, and what it yields goes to co-runners that want more.
 */
function afterYields(want: number[], shares: number[], g: number[], wait: number[]): number[] {
  const out = shares.slice();
  shares.forEach((s, i) => {
    if (wait[i] <= 0 || s <= 0 || s >= want[i]) return;
    const freed = s - g[i] / (g[i] / s + wait[i]);
    out[i] -= freed;
    const extra = out.map((x, j) => (j === i ? 0 : Math.max(0, want[j] - x)));
    fairShares(extra, freed).forEach((x, j) => (out[j] += x));
  });
  return out;
}
