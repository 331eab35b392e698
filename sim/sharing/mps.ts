/**
 * MPS: kernels of different clients run at the same time, sharing the SMs. Alone on its cap of c_i SMs, job i
 * steps every t_i(c_i) = h_i + g_i(c_i) seconds (its SM curve). What co-runners compete for is the GPU's
 * throughput (SM issue slots, memory bandwidth, L2): job i's kernels occupy a fraction
 * phi_i = a_i + mpsInterference * (1 - a_i) of it while they run, where a_i = smActivity_i / busyFraction_i is
 * how much of the GPU its kernels keep active (from its solo run) and mpsInterference (one parameter per GPU)
 * is the part of the capacity it leaves idle that co-runners still cannot use. Job i asks for
 * d_i = phi_i * g_i(N) / t_i of that capacity; the capacity (1) is divided max-min fairly (the block
 * scheduler serves every client with kernels ready); rate_i = min(1 / t_i, share_i / (phi_i * g_i(N))).
 *
 * Latency: a kernel that starts on an idle stream (the host launched it just now, e_i of them per step) finds
 * the SMs held by co-runners' kernels and waits for blocks to retire: w_i = mpsKernelWait * o_i * sum over
 * j != i of u_j * k_j, with u_j the fraction of the time j has kernels on the GPU (neither in its host phase nor
 * waiting) and k_j the mean duration of its kernels as they run now (its kernel time per step, stretched by the
 * sharing, over its kernels per step: co-runners that slow each other also hold the SMs longer), and o_i the
 * part of i's SMs the co-runners' caps let them hold
 * ((c_i + sum of c_j - N) / c_i, clamped to 0..1: SM partitions that fit side by side never block each other).
 * So t_i = h_i + g_i(c_i) + e_i * w_i: a launch-bound job beside busy ones slows far more than its share of the
 * capacity says, and leaves them more. t_i and u_j depend on each other; a damped fixed-point iteration of
 * fixed length solves them (deterministic).
 * Memory: SM partitions that never block each other still share DRAM bandwidth and L2 (two resnet26-c10-b128
 * clients of 60 SMs each lost 18 % against one alone at 60). The memory-bound part of i's kernels stretches with
 * the pressure its co-runners put on the memory system: g_i(c_i) * (1 + mpsMemoryContention * m_i * sum over
 * j != i of m_j * v_j * c_j / N), with m the memory-bound fraction of kernel time (kernel traces), v_j the fraction
 * of the time j's kernels run and c_j / N the part of the GPU they issue from.
 * SM caps (mps-partitioned) only lower a job's own pace; what the partitions share still counts.
 * Start-up (startup.ts): its autotuning trials are kernels that share the SMs and the MPS server with co-runners'
 * kernels, and its host waits for each, so that part (its seconds after model build) stretches with the
 * co-runners' demands summed (d_j = g_j(c_j) / t_j(c_j), the fraction of the time j has kernels alone):
 * t_i = h_i + g_i(c_i) + mpsStartupWait * (t_i(alone) - build_i) * sum over j != i of d_j. Builds do not wait.
 */
import type { Rates } from "./result.ts";
import { fairShares } from "./fair-share.ts";
import type { Slice } from "./slice.ts";
import { gpuTime, hostTime } from "./sm-scaling.ts";
import { coRunnerDemands } from "./startup.ts";
import type { CoRunner, SharingParams } from "./types.ts";

const WAIT_ITERATIONS = 12;

/** Fraction of the GPU's throughput a job's kernels hold while they run. */
export function occupancy(runner: CoRunner, params: SharingParams): number {
  const { smActivity, busyFraction } = runner.profile;
  const active = busyFraction > 0 ? Math.min(1, smActivity / busyFraction) : 1;
  return active + params.mpsInterference * (1 - active);
}

/** Rates from step times: the max-min fair division of the capacity among the demands they imply. */
function ratesFor(work: number[], step: number[]): number[] {
  const shares = fairShares(
    work.map((w, i) => w / step[i]),
    1,
  );
  return work.map((w, i) => (w > 0 ? Math.min(1 / step[i], shares[i] / w) : 1 / step[i]));
}

export function mpsRates(runners: CoRunner[], slice: Slice, params: SharingParams): Rates {
  const work = runners.map((r) => occupancy(r, params) * gpuTime(r.profile, slice.sms, slice.bandwidthShare));
  const caps = runners.map((r) => Math.min(slice.sms, r.smLimit ?? slice.sms));
  const kernelS = runners.map((r, i) => gpuTime(r.profile, caps[i], slice.bandwidthShare));
  const hostS = runners.map((r) => hostTime(r.profile));
  const alone = hostS.map((h, i) => h + kernelS[i]);
  const others = coRunnerDemands(kernelS, alone);
  const base = runners.map((r, i) => {
    const phase = r.profile.startupPhase;
    if (phase === undefined) return alone[i];
    return alone[i] + params.mpsStartupWait * (alone[i] - phase.buildS) * others[i];
  });
  const exposed = runners.map((r) => r.profile.kernels?.exposedPerStep ?? 0);
  const kernelsPerStep = runners.map((r) => r.profile.kernels?.perStep ?? Infinity);
  const capSum = caps.reduce((a, b) => a + b, 0);
  const overlap = caps.map((c) => Math.min(1, Math.max(0, (capSum - slice.sms) / c)));
  const memoryBound = runners.map((r) => r.profile.memoryBoundFraction);
  let step = base;
  let rates = ratesFor(work, step);
  if ((params.mpsKernelWait > 0 || params.mpsMemoryContention > 0) && runners.length > 1) {
    for (let k = 0; k < WAIT_ITERATIONS; k++) {
      // j's kernels are on the GPU for 1/rate - host - waiting of each step, over its kernels per step.
      const resident = rates.map((rate, j) => Math.max(0, 1 / rate - hostS[j] - (step[j] - alone[j])));
      const running = rates.map((rate, j) => Math.min(1, rate * resident[j]));
      const held = running.map((v, j) => v * (resident[j] / kernelsPerStep[j]));
      const pressure = running.map((v, j) => (memoryBound[j] * v * caps[j]) / slice.sms);
      const totalHeld = held.reduce((a, b) => a + b, 0);
      const totalPressure = pressure.reduce((a, b) => a + b, 0);
      const next = base.map(
        (b, i) =>
          b +
          kernelS[i] * params.mpsMemoryContention * memoryBound[i] * (totalPressure - pressure[i]) +
          exposed[i] * params.mpsKernelWait * overlap[i] * (totalHeld - held[i]),
      );
      step = step.map((s, i) => (s + next[i]) / 2);
      rates = ratesFor(work, step);
    }
  }
  // A kernel runs somewhere unless every client is in its host phase or a start-up wait (taken as independent).
  let idle = 1;
  runners.forEach((_, i) => (idle *= Math.min(1, (base[i] - kernelS[i]) * rates[i])));
  return { rates, utilization: 1 - idle };
}
