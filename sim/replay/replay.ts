/**
 * Kernel-level replay of co-running jobs on one GPU (or MIG instance) from their kernel traces: the
 * high-fidelity path the fast models in sim/sharing are checked against. Each job loops over its trace: a kernel
 * becomes ready once the host has launched it (its launch time after the step's start) and the job's previous
 * kernel has finished; a step ends when its last kernel has finished and its host time has passed. How ready
 * kernels of different jobs share the GPU depends on the mode:
 * - naive (time-slicing): one context owns the GPU at a time; it keeps it while it has a kernel ready, for at
 *   most `timeSliceS` when others wait; each hand-over costs switchOverhead times the GPU time the previous owner
 *   used in its hold (the cost model of sim/sharing/naive.ts).
 * - mps: kernels run concurrently. Kernel i fills d_i SMs alone (its demand) and may take at most its job's cap;
 *   the SMs go to the ready kernels in the order they became ready (the block scheduler dispatches an earlier
 *   kernel's blocks first), each taking what it may of what is left, so a kernel behind a GPU-filling one gets
 *   only the SMs it leaves; a kernel on x_i SMs runs at x_i / d_i of its solo speed. A kernel of several waves
 *   holds every SM until its last wave starts, then only that wave's (trace.ts: heldSms), so kernels behind it
 *   start in its last wave. DRAM bandwidth and L2 are shared whatever
 *   the SMs: a memory-bound kernel i (TraceKernel.memoryBound) also slows by 1 / (1 + mpsMemoryContention * sum
 *   over the other running kernels of m_j * x_j / d_j), m_j its job's DRAM utilization while busy
 *   (ReplayJob.dramUtil); compute-bound kernels do not (sim/sharing/mps.ts averages this rule).
 * A fluid simulation: between events (a launch, a kernel's or a step's end) every rate is constant.
 */
import type { ContendedMode } from "../hardware/index.ts";
import type { SharingParams } from "../sharing/types.ts";
import { heldSms, lastWaveS, type JobTrace } from "./trace.ts";

/** Time slice of the driver's scheduler (nvidia-sharing.md §5: about 1-2 ms on vGPU; bare metal undocumented). */
export const TIME_SLICE_S = 0.002;

/** Replay length in solo steps of the slowest job, per job: long enough that where a step starts hardly matters. */
export const REPLAY_STEPS = 40;

export interface ReplayJob {
  trace: JobTrace;
  /** SM cap (MPS active-thread limit), undefined = none. */
  smLimit?: number;
  /** DRAM bandwidth utilization while its kernels run alone (0..1; mps); undefined = 0. */
  dramUtil?: number;
}

export interface ReplayOptions {
  mode: ContendedMode;
  sms: number;
  params: Pick<SharingParams, "switchOverhead" | "mpsMemoryContention">;
  /** Simulated seconds to replay. */
  durationS: number;
  /** Longest time a context keeps the GPU while another waits (naive). */
  timeSliceS: number;
}

export interface ReplayResult {
  stepsPerSecond: number[];
  /** Fraction of time some kernel ran, and SMs in use averaged over time (0..1). */
  utilization: number;
  smActivity: number;
}

interface JobState {
  kernel: number;
  steps: number;
  stepStart: number;
  /** Remaining work of the current kernel, in solo seconds; 0 while it is not yet launched. */
  remaining: number;
  /** The current kernel is launched and unfinished. */
  ready: boolean;
  readySince: number;
}

const EPSILON = 1e-12;

export function replay(jobs: ReplayJob[], options: ReplayOptions): ReplayResult {
  const { sms, durationS } = options;
  const state: JobState[] = jobs.map(() => ({
    kernel: 0,
    steps: 0,
    stepStart: 0,
    remaining: 0,
    ready: false,
    readySince: 0,
  }));
  let now = 0;
  let busyTime = 0;
  let smTime = 0;
  // Naive: the owner of the GPU, when its hold began, the GPU time it used, and a pending switch cost.
  let owner = -1;
  let holdStart = 0;
  let holdWork = 0;
  let switchLeft = 0;

  const trace = (i: number) => jobs[i].trace;
  const kernelOf = (i: number) => trace(i).kernels[state[i].kernel];
  /** Solo seconds of job i's current kernel before its last wave starts (0 once it has). */
  const toLastWave = (i: number) => Math.max(0, state[i].remaining - lastWaveS(kernelOf(i), sms));
  const soloSms = (i: number) => heldSms(kernelOf(i), sms, toLastWave(i) <= EPSILON);
  /** When job i next changes state without the GPU: its kernel's launch, or its step's end. */
  const wakeAt = (i: number) => {
    const s = state[i];
    const t = trace(i);
    return s.kernel < t.kernels.length ? s.stepStart + t.kernels[s.kernel].launchS : s.stepStart + t.stepS;
  };

  while (now < durationS) {
    // Launches and step ends that are due.
    state.forEach((s, i) => {
      if (s.ready || trace(i).kernels.length === 0 || wakeAt(i) > now + EPSILON) return;
      if (s.kernel === trace(i).kernels.length) [s.kernel, s.steps, s.stepStart] = [0, s.steps + 1, now];
      if (wakeAt(i) <= now + EPSILON)
        [s.ready, s.remaining, s.readySince] = [true, trace(i).kernels[s.kernel].durS, now];
    });
    // Which kernels run now, and at what speed (solo seconds per second).
    const rates = new Array<number>(jobs.length).fill(0);
    let smInUse = 0;
    const ready = jobs.map((_, i) => i).filter((i) => state[i].ready);
    if (options.mode === "naive") {
      const waiting = ready.filter((i) => i !== owner);
      const ownerReady = owner >= 0 && state[owner].ready;
      if (switchLeft <= 0 && waiting.length > 0 && (!ownerReady || now - holdStart >= options.timeSliceS)) {
        const next = waiting.reduce((a, b) => (state[b].readySince < state[a].readySince ? b : a));
        if (owner >= 0) switchLeft = options.params.switchOverhead * holdWork;
        [owner, holdStart, holdWork] = [next, now, 0];
      }
      if (switchLeft <= 0 && owner >= 0 && state[owner].ready) {
        rates[owner] = 1;
        smInUse = soloSms(owner);
      }
    } else {
      const order = ready.sort((a, b) => state[a].readySince - state[b].readySince || a - b);
      let free = sms;
      for (const i of order) {
        const got = Math.min(soloSms(i), jobs[i].smLimit ?? sms, free);
        free -= got;
        rates[i] = got / soloSms(i);
        smInUse += got;
      }
      const pressure = order.reduce((p, i) => p + (jobs[i].dramUtil ?? 0) * rates[i], 0);
      for (const i of order) {
        if (!trace(i).kernels[state[i].kernel].memoryBound) continue;
        const others = pressure - (jobs[i].dramUtil ?? 0) * rates[i];
        rates[i] /= 1 + options.params.mpsMemoryContention * others;
      }
    }
    // Time to the next event.
    let dt = durationS - now;
    if (switchLeft > 0) dt = Math.min(dt, switchLeft);
    state.forEach((s, i) => {
      if (s.ready) {
        if (rates[i] > 0) dt = Math.min(dt, s.remaining / rates[i]);
        if (rates[i] > 0 && toLastWave(i) > EPSILON) dt = Math.min(dt, toLastWave(i) / rates[i]);
      } else if (trace(i).kernels.length > 0) dt = Math.min(dt, wakeAt(i) - now);
    });
    if (options.mode === "naive" && owner >= 0 && rates[owner] > 0 && ready.length > 1) {
      dt = Math.min(dt, Math.max(0, holdStart + options.timeSliceS - now));
    }
    dt = Math.max(dt, EPSILON);
    // Advance.
    now += dt;
    switchLeft = Math.max(0, switchLeft - dt);
    if (smInUse > 0) {
      busyTime += dt;
      smTime += (smInUse / sms) * dt;
    }
    state.forEach((s, i) => {
      if (!s.ready || rates[i] === 0) return;
      s.remaining -= rates[i] * dt;
      if (i === owner) holdWork += dt;
      if (s.remaining > EPSILON) return;
      [s.ready, s.kernel] = [false, s.kernel + 1];
    });
  }
  return {
    stepsPerSecond: state.map((s, i) => (s.steps + s.kernel / Math.max(1, trace(i).kernels.length)) / now),
    utilization: busyTime / now,
    smActivity: smTime / now,
  };
}
