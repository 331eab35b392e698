/**
 * MPS: kernels of different clients run at the same time, sharing the SMs. Alone on its cap of c_i SMs, job i
 * steps every t_i(c_i) = h_i + g_i(c_i) seconds (host time plus kernel time, its SM curve). Everything below is
 * read off each job's solo run (profile fields in brackets); the exponents and factors are global per GPU.
 *
 * Capacity: job i's kernels keep a_i = smActivity_i / busyFraction_i of the SMs active while they run, and hold
 * phi_i = a_i + I_i * L_i * (1 - a_i) of the GPU's throughput (I_i: the part they leave idle that co-runners still
 * cannot use). Only while its large kernels run (L_i = kernels.largeShare of its kernel time) does the idle part
 * count: co-runners' blocks take the SMs its small kernels leave free (jobs of mostly small kernels, ghostnet's and
 * cspdarknet53's, were 12-13 % too slow predicted without L_i). The idle part is lost only if no co-runner fills it,
 * each independently: I_i = the product over co-runners j of mpsInterferenceSame (j a copy of i's workload) or
 * mpsInterference (another workload). Copies fill each other's idle SMs better than different workloads do (four to
 * six copies of small-kernel models trained 13-33 % faster than one I for all allowed), and three to five different
 * models fill more of it than one (ten MPS mixes of three to five fitted zoo models, session 15, were 9 % too slow
 * predicted on average with one I for any number of co-runners). It asks for d_i = phi_i * g_i(N) / T_i of the capacity (1).
 *
 * Who wins: the clients' large kernels take turns at the SMs (a later kernel's blocks go where an earlier one's left
 * room) while small ones run beside them, so a job whose large kernels are long and fill the SMs keeps more of the
 * GPU than a job of short, light ones (measured on the H200: vit_base b32, 218 us large kernels, kept 82 % of its
 * solo speed beside efficientnet_b0, 51 us, which kept 39 %; convnext_nano, 36 us kernels on average but 93 us large
 * ones, kept 57-78 % beside everything it met), and a job that launches more kernels per second has one queued
 * more often. The capacity is divided max-min fairly with weights
 * omega_i = k_i^mpsWeightKernel * r_i^mpsWeightRate * a_i^mpsWeightActivity, k_i the large kernels' mean duration
 * (kernels.turnUs, microseconds), r_i the kernels per millisecond of its solo step (kernels.perStep / stepTimeS);
 * rate_i = min(1 / T_i, share_i / (phi_i * g_i(N))). Utilization: 1 - prod(min(1, min(T0_i - g_i(c_i), T0_i - K_i)
 * rate_i)), K_i its kernels' time on its cap (kernelBusyTime), T0_i - K_i taken as 0 when below.
 * Capped clients whose caps overlap (their sum over N): the co-runners together hold at most their caps' SMs, so
 * each job is first given min(d_i, F_i / N) (F_i below: the SMs the co-runners' caps always leave it), and only the rest of
 * the capacity is divided by weights. Without it, the light side of such pairs was 12-31 % too slow predicted
 * (session 19's overlap check: 17 runs at 56 x 3, 80, 96 and 112 SMs, 11.1 % per job, 6.4 % with it).
 *
 * Latency: a kernel that starts on an idle stream (the host launched it just now, e_i = kernels.exposedPerStep of
 * them per step) finds the SMs held by co-runners' kernels and waits for blocks to retire: q_i = mpsKernelWait *
 * o_i * sum over j != i of u_j * k'_j, with u_j the fraction of the time j has kernels on the GPU and k'_j the mean
 * duration of its kernels as they run now (its kernel time per step, stretched by the sharing, over its kernels per
 * step); o_i the part of i's SMs the co-runners' caps let them hold, 1 - F_i / c_i, where F_i = c_i - (sum of all c
 * - N, clamped to 0..c_i) are the SMs of its cap the co-runners' caps always leave it (SM partitions that fit side
 * by side never block each other).
 * Memory: DRAM bandwidth and L2 are shared even by partitions that never block each other. Job j puts pressure
 * p_j = m_j * u_j * c_j / N on them, m_j = dramUtil_j / busyFraction_j its DRAM utilization while its kernels run;
 * only job i's memory-bound kernels wait on it (f_i = memoryBoundFraction_i of its kernel time; compute-bound
 * kernels run from registers and shared memory), so its kernel time stretches by
 * mpsMemoryContention * f_i * g_i(c_i) * sum over j != i of p_j: the kernel-level replay's per-kernel rule, averaged.
 * So the step takes T_i = T0_i + e_i * q_i + (memory stretch), T0_i = t_i = h_i + g_i(c_i) for a training job;
 * T and u depend on each other, and a damped fixed-point iteration of fixed length solves them (deterministic).
 * Start-up (startup.ts): its autotuning trials are kernels that share the SMs and the MPS server with co-runners'
 * kernels, and its host waits for each, so that part (its seconds after model build) stretches with the
 * co-runners' demands summed (D_i = sum over j != i of g_j(c_j) / t_j(c_j)):
 * T0_i = t_i + mpsStartupWait * (t_i - build_i) * D_i. Builds do not wait.
 */
import type { Rates } from "./result.ts";
import { fairShares } from "./fair-share.ts";
import { dampedFixedPoint } from "./fixed-point.ts";
import type { Slice } from "./slice.ts";
import { gpuTime, hostTime, idleTime, kernelBusyTime } from "./sm-scaling.ts";
import { coRunnerDemands } from "./startup.ts";
import type { CoRunner, SharingParams, WorkloadProfile } from "./types.ts";

/** a: the fraction of the SMs a job's kernels keep active while they run alone. */
function activity(p: WorkloadProfile): number {
  return p.busyFraction > 0 ? Math.min(1, p.smActivity / p.busyFraction) : 1;
}

/** m: a job's DRAM bandwidth utilization while its kernels run alone. */
export function dramWhileBusy(p: WorkloadProfile): number {
  return p.busyFraction > 0 ? Math.min(1, p.dramUtil / p.busyFraction) : 0;
}

/**
 * Fraction of the GPU's throughput the kernels of runners[i] hold while they run beside the others: the idle part
 * their large kernels leave counts by the chance that no co-runner fills it, mpsInterference for each other workload
 * times mpsInterferenceSame for each copy.
 */
function occupancy(i: number, runners: CoRunner[], params: SharingParams): number {
  const id = runners[i].profile.id;
  const a = activity(runners[i].profile);
  const large = runners[i].profile.kernels?.largeShare ?? 1;
  // Alone a job gets its solo rate either way; 0 keeps its phi at a, so lone rates round as they always have.
  let lost = runners.length > 1 ? 1 : 0;
  runners.forEach((r, j) => {
    if (j !== i) lost *= r.profile.id === id ? params.mpsInterferenceSame : params.mpsInterference;
  });
  return a + (1 - a) * large * lost;
}

/** What a job's turn weight is made of: k_i (us), r_i (kernels per millisecond) and a_i. */
export interface TurnFigures {
  turnUs: number;
  kernelsPerMs: number;
  activity: number;
}

export function turnFigures(p: WorkloadProfile): TurnFigures {
  // Without a kernel trace a job is weighed as 100-us large kernels, 10 kernels per millisecond (the H200 MPS fit's
  // workloads: 19-603 us, 1.8-37 per ms, its set's mpsFitRange); only start-up-free sets built by hand lack traces.
  return {
    turnUs: p.kernels?.turnUs ?? 100,
    kernelsPerMs: p.kernels ? p.kernels.perStep / (p.stepTimeS * 1000) : 10,
    activity: activity(p),
  };
}

/** omega: how much of the contended capacity a job's kernels take per turn at the SMs. */
export function turnWeight(p: WorkloadProfile, params: SharingParams): number {
  const { turnUs, kernelsPerMs, activity } = turnFigures(p);
  return (
    turnUs ** params.mpsWeightKernel *
    kernelsPerMs ** params.mpsWeightRate *
    activity ** params.mpsWeightActivity
  );
}

/** One client as the equations above name it: what is fixed for the call. */
interface Client {
  /** c_i: its SM cap (the slice's SMs when uncapped). */
  c: number;
  /** h_i and g_i(c_i): host and kernel time of a solo step on its cap; t_i = h_i + g_i(c_i). */
  h: number;
  g: number;
  t: number;
  /** K_i: seconds per step its kernels run on its cap, for utilization (kernelBusyTime). */
  k: number;
  /** phi_i * g_i(N): the capacity-seconds its kernels hold per step. */
  phiG: number;
  omega: number;
  /** e_i, and its kernels per step (Infinity without a trace or while it starts up: k'_i counts as 0). */
  e: number;
  kernels: number;
  /** m_i: its DRAM utilization while its kernels run. */
  m: number;
  /** f_i g_i(c_i): the seconds per step of its memory-bound kernels, the part memory contention stretches. */
  fg: number;
  /** o_i: the part of its SMs the co-runners' caps let them hold. */
  o: number;
  /** F_i / N: the part of the GPU's SMs the co-runners' caps always leave it. */
  free: number;
  /** T0_i: its step time before kernel waits and memory stretch (t_i, or stretched while it starts up). */
  T0: number;
}

function clientsOf(runners: CoRunner[], slice: Slice, params: SharingParams): Client[] {
  const N = slice.sms;
  const clients = runners.map((r, i) => {
    const c = Math.min(N, r.smLimit ?? N);
    const g = gpuTime(r.profile, c, slice.bandwidthShare);
    const h = hostTime(r.profile);
    return {
      c,
      h,
      g,
      t: h + g,
      k: kernelBusyTime(r.profile, c, slice),
      phiG: occupancy(i, runners, params) * gpuTime(r.profile, N, slice.bandwidthShare),
      omega: turnWeight(r.profile, params),
      e: r.profile.kernels?.exposedPerStep ?? 0,
      // A start-up phase's trials make co-runners wait no more per kernel than its own host waits (startup.ts).
      kernels: r.profile.startupPhase === undefined ? (r.profile.kernels?.perStep ?? Infinity) : Infinity,
      m: dramWhileBusy(r.profile),
      fg: r.profile.memoryBoundFraction * g,
      o: 0,
      free: 0,
      T0: 0,
    };
  });
  const sumC = clients.reduce((a, x) => a + x.c, 0);
  const D = coRunnerDemands(
    clients.map((x) => x.g),
    clients.map((x) => x.t),
  );
  clients.forEach((x, i) => {
    const free = x.c - Math.min(x.c, Math.max(0, sumC - N));
    x.o = 1 - free / x.c;
    x.free = free / N;
    const phase = runners[i].profile.startupPhase;
    x.T0 = phase === undefined ? x.t : x.t + params.mpsStartupWait * (x.t - phase.buildS) * D[i];
  });
  return clients;
}

/**
 * Rates from step times T: each demand they imply met up to the SMs its co-runners' caps leave it, the rest of the
 * capacity divided max-min fairly by weight.
 */
function ratesFor(clients: Client[], T: number[]): number[] {
  const demands = clients.map((x, i) => x.phiG / T[i]);
  const guaranteed = demands.map((d, i) => Math.min(d, clients[i].free));
  const rest = fairShares(
    demands.map((d, i) => d - guaranteed[i]),
    Math.max(0, 1 - guaranteed.reduce((a, b) => a + b, 0)),
    clients.map((x) => x.omega),
  );
  const shares = rest.map((r, i) => guaranteed[i] + r);
  return clients.map((x, i) => (x.phiG > 0 ? Math.min(1 / T[i], shares[i] / x.phiG) : 1 / T[i]));
}

export function mpsRates(runners: CoRunner[], slice: Slice, params: SharingParams): Rates {
  const N = slice.sms;
  const clients = clientsOf(runners, slice, params);
  let T = clients.map((x) => x.T0);
  if ((params.mpsKernelWait > 0 || params.mpsMemoryContention > 0) && runners.length > 1) {
    T = dampedFixedPoint(T, (T) => {
      const rates = ratesFor(clients, T);
      // j's kernels are on the GPU for 1/rate - host - waiting of each step, over its kernels per step.
      const resident = clients.map((x, j) => Math.max(0, 1 / rates[j] - x.h - (T[j] - x.t)));
      const u = rates.map((rate, j) => Math.min(1, rate * resident[j]));
      const uk = clients.map((x, j) => u[j] * (resident[j] / x.kernels));
      const p = clients.map((x, j) => (x.m * u[j] * x.c) / N);
      const sumUk = uk.reduce((a, b) => a + b, 0);
      const sumP = p.reduce((a, b) => a + b, 0);
      return clients.map(
        (x, i) =>
          x.T0 +
          x.fg * params.mpsMemoryContention * (sumP - p[i]) +
          x.e * params.mpsKernelWait * x.o * (sumUk - uk[i]),
      );
    });
  }
  const rates = ratesFor(clients, T);
  // A kernel runs somewhere unless every client is in its host phase or a start-up wait (taken as independent);
  // on fewer SMs a client's kernels run on into its host phase (K_i above g_i).
  let idle = 1;
  clients.forEach((x, i) => (idle *= Math.min(1, idleTime(x.T0, x.g, x.k) * rates[i])));
  return { rates, utilization: 1 - idle };
}
