/**
 * MPS: kernels of different clients run at the same time, sharing the SMs. Alone on its cap of c_i SMs, job i
 * steps every t_i(c_i) = h_i + g_i(c_i) seconds (host time plus kernel time, its SM curve). Everything below is
 * read off each job's solo run (profile fields in brackets); the exponents and factors are global per GPU.
 *
 * Capacity: job i's kernels keep a_i = smActivity_i / busyFraction_i of the SMs active while they run, and hold
 * phi_i = a_i + mpsInterference * (1 - a_i) of the GPU's throughput (the part they leave idle that co-runners still
 * cannot use). It asks for d_i = phi_i * g_i(N) / t_i of the capacity (1).
 *
 * Who wins: the clients' kernels take turns at the SMs (a later kernel's blocks go where an earlier one's left
 * room), so a job whose kernels are long, whose waves hold SMs long and whose kernels fill the SMs keeps more of the
 * GPU than a job of short, light kernels (measured on the H200: vit_base b32, 180 us kernels, kept 82 % of its solo
 * speed beside efficientnet_b0, 38 us kernels, which kept 39 %). The capacity is divided max-min fairly with weights
 * omega_i = k_i^mpsWeightKernel * w_i^mpsWeightWave * a_i^mpsWeightActivity, k_i the mean kernel duration
 * (kernels.meanUs), w_i the wave duration (kernels.waveUs), both in microseconds; rate_i = min(1 / T_i,
 * share_i / (phi_i * g_i(N))).
 *
 * Latency: a kernel that starts on an idle stream (the host launched it just now, e_i = kernels.exposedPerStep of
 * them per step) finds the SMs held by co-runners' kernels and waits for blocks to retire: mpsKernelWait * o_i *
 * sum over j != i of u_j * k'_j, with u_j the fraction of the time j has kernels on the GPU and k'_j the mean
 * duration of its kernels as they run now (its kernel time per step, stretched by the sharing, over its kernels per
 * step); o_i the part of i's SMs the co-runners' caps let them hold ((c_i + sum of c_j - N) / c_i, clamped to 0..1:
 * SM partitions that fit side by side never block each other).
 * Memory: DRAM bandwidth and L2 are shared even by partitions that never block each other. Job j puts pressure
 * p_j = m_j * u_j * c_j / N on them, m_j = dramUtil_j / busyFraction_j its DRAM utilization while its kernels run;
 * job i's kernel time stretches by mpsMemoryContention * g_i(c_i) * sum over j != i of p_j.
 * So T_i = h_i + g_i(c_i) + e_i * (kernel wait) + (memory stretch); T and u depend on each other, and a damped
 * fixed-point iteration of fixed length solves them (deterministic).
 * Start-up (startup.ts): its autotuning trials are kernels that share the SMs and the MPS server with co-runners'
 * kernels, and its host waits for each, so that part (its seconds after model build) stretches with the
 * co-runners' demands summed (D_i = sum over j != i of g_j(c_j) / t_j(c_j)):
 * T_i = t_i + mpsStartupWait * (t_i - build_i) * D_i. Builds do not wait.
 */
import type { Rates } from "./result.ts";
import { fairShares } from "./fair-share.ts";
import type { Slice } from "./slice.ts";
import { gpuTime, hostTime } from "./sm-scaling.ts";
import { coRunnerDemands } from "./startup.ts";
import type { CoRunner, SharingParams, WorkloadProfile } from "./types.ts";

const WAIT_ITERATIONS = 12;

/** a: the fraction of the SMs a job's kernels keep active while they run alone. */
function activity(p: WorkloadProfile): number {
  return p.busyFraction > 0 ? Math.min(1, p.smActivity / p.busyFraction) : 1;
}

/** m: a job's DRAM bandwidth utilization while its kernels run alone. */
export function dramWhileBusy(p: WorkloadProfile): number {
  return p.busyFraction > 0 ? Math.min(1, p.dramUtil / p.busyFraction) : 0;
}

/** Fraction of the GPU's throughput a job's kernels hold while they run. */
export function occupancy(runner: CoRunner, params: SharingParams): number {
  const a = activity(runner.profile);
  return a + params.mpsInterference * (1 - a);
}

/** omega: how much of the contended capacity a job's kernels take per turn at the SMs. */
export function turnWeight(p: WorkloadProfile, params: SharingParams): number {
  const k = p.kernels;
  // Without a kernel trace a job is weighed as a 100-us kernel with one-wave kernels (none of the H200's traced
  // workloads is far from it: 16-203 us); only start-up-free sets built by hand lack traces.
  const kernelUs = k?.meanUs ?? 100;
  const waveUs = k?.waveUs ?? kernelUs;
  return (
    kernelUs ** params.mpsWeightKernel *
    waveUs ** params.mpsWeightWave *
    activity(p) ** params.mpsWeightActivity
  );
}

/** Rates from step times: the weighted max-min fair division of the capacity among the demands they imply. */
function ratesFor(work: number[], step: number[], weights: number[]): number[] {
  const shares = fairShares(
    work.map((w, i) => w / step[i]),
    1,
    weights,
  );
  return work.map((w, i) => (w > 0 ? Math.min(1 / step[i], shares[i] / w) : 1 / step[i]));
}

export function mpsRates(runners: CoRunner[], slice: Slice, params: SharingParams): Rates {
  const work = runners.map((r) => occupancy(r, params) * gpuTime(r.profile, slice.sms, slice.bandwidthShare));
  const weights = runners.map((r) => turnWeight(r.profile, params));
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
  const dram = runners.map((r) => dramWhileBusy(r.profile));
  let step = base;
  let rates = ratesFor(work, step, weights);
  if ((params.mpsKernelWait > 0 || params.mpsMemoryContention > 0) && runners.length > 1) {
    for (let k = 0; k < WAIT_ITERATIONS; k++) {
      // j's kernels are on the GPU for 1/rate - host - waiting of each step, over its kernels per step.
      const resident = rates.map((rate, j) => Math.max(0, 1 / rate - hostS[j] - (step[j] - alone[j])));
      const running = rates.map((rate, j) => Math.min(1, rate * resident[j]));
      const held = running.map((u, j) => u * (resident[j] / kernelsPerStep[j]));
      const pressure = running.map((u, j) => (dram[j] * u * caps[j]) / slice.sms);
      const totalHeld = held.reduce((a, b) => a + b, 0);
      const totalPressure = pressure.reduce((a, b) => a + b, 0);
      const next = base.map(
        (b, i) =>
          b +
          kernelS[i] * params.mpsMemoryContention * (totalPressure - pressure[i]) +
          exposed[i] * params.mpsKernelWait * overlap[i] * (totalHeld - held[i]),
      );
      step = step.map((s, i) => (s + next[i]) / 2);
      rates = ratesFor(work, step, weights);
    }
  }
  // A kernel runs somewhere unless every client is in its host phase or a start-up wait (taken as independent).
  let idle = 1;
  runners.forEach((_, i) => (idle *= Math.min(1, (base[i] - kernelS[i]) * rates[i])));
  return { rates, utilization: 1 - idle };
}
