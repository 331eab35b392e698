/**
 * Kernel-level replay of co-running jobs on one GPU (or MIG instance) from their kernel traces: the
 * high-fidelity path the fast models in sim/sharing are checked against. Each job loops over its trace: a kernel
 * becomes ready once the host has launched it (its launch time after the step's start) and the job's previous
 * kernel has finished; a step ends when its last kernel has finished and its host time has passed. How ready
 * kernels of different jobs share the GPU depends on the mode:
 * - naive (time-slicing): one context owns the GPU at a time; it keeps it while it has a kernel ready, for at
 *   most `timeSliceS` when others wait; each hand-over costs switchOverhead times the GPU time the previous owner
 *   used in its hold (the cost model of sim/sharing/naive.ts).
 * - mps: kernels run concurrently. Kernel i fills d_i SMs alone (its demand), at most its job's cap (a capped job's
 *   trace comes as it runs on its cap: onCap in trace.ts);
 *   the SMs go to the ready kernels in the order they became ready (the block scheduler dispatches an earlier
 *   kernel's blocks first), each taking what it may of what is left, so a kernel behind a GPU-filling one gets
 *   only the SMs it leaves; a kernel on x_i SMs runs at x_i / d_i of its solo speed. A kernel of several waves
 *   holds every SM until its last wave starts, then fewer and fewer, down to that wave's, as its earlier waves'
 *   blocks retire (trace.ts: heldSms), so kernels behind it start in its last wave. DRAM bandwidth and L2 are shared whatever
 *   the SMs: a memory-bound kernel i (TraceKernel.memoryBound) also slows by 1 / (1 + mpsMemoryContention * sum
 *   over the other running kernels of m_j * x_j / d_j), m_j its job's DRAM utilization while busy
 *   (ReplayJob.dramUtil); compute-bound kernels do not (sim/sharing/mps.ts averages this rule).
 * A fluid simulation: between events (a launch, a kernel's or a step's end) every rate is constant.
 */
import type { ContendedMode } from "../hardware/index.ts";
import type { SharingParams } from "../sharing/types.ts";
import { DRAIN_STEPS, heldSms, lastWaveS, type JobTrace } from "./trace.ts";

/** Time slice of the driver's scheduler (nvidia-sharing.md §5: about 1-2 ms on vGPU; bare metal undocumented). */
export const TIME_SLICE_S = 0.002;

/** Replay length in solo steps of the slowest job, per job: long enough that where a step starts hardly matters. */
const REPLAY_STEPS = 40;

/** Seconds to replay jobs of these solo step times: REPLAY_STEPS solo steps of the slowest, per job. */
export function replayLength(stepTimesS: readonly number[]): number {
  return REPLAY_STEPS * Math.max(...stepTimesS) * stepTimesS.length;
}

export interface ReplayJob {
  trace: JobTrace;
  /** SM cap (MPS active-thread limit), undefined = none; its trace is as it runs on the cap (trace.ts: onCap). */
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
  const n = jobs.length;
  // The SMs each job's kernels may fill: their waves count on these.
  const jobSms = jobs.map((j) => Math.min(sms, j.smLimit ?? sms));
  const state: JobState[] = jobs.map(() => ({
    kernel: 0,
    steps: 0,
    stepStart: 0,
    remaining: 0,
    ready: false,
    readySince: 0,
  }));
  // Per job, for the current kernel once it is ready: solo seconds left when its last wave starts.
  const lastWave = new Float64Array(n);
  // Per event: each job's speed (solo seconds per second), the SMs its kernel holds alone, the ready jobs in order.
  const rates = new Float64Array(n);
  const held = new Float64Array(n);
  const order = new Int32Array(n);
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
  /** The drain step of job i's kernel in its last wave (trace.ts: heldSms), undefined before it. */
  const drainStep = (i: number) => {
    const L = lastWave[i];
    if (L <= 0 || state[i].remaining > L + EPSILON) return undefined;
    return Math.min(DRAIN_STEPS - 1, Math.floor(((L - state[i].remaining) / L) * DRAIN_STEPS + EPSILON));
  };
  /** Solo seconds of job i's current kernel until the SMs it holds next change (0 once they no longer do). */
  const toNextHold = (i: number) => {
    const L = lastWave[i];
    if (L <= 0) return 0;
    const step = drainStep(i);
    if (step === undefined) return state[i].remaining - L;
    return step + 1 < DRAIN_STEPS
      ? Math.max(0, state[i].remaining - (L * (DRAIN_STEPS - step - 1)) / DRAIN_STEPS)
      : 0;
  };
  /** When job i next changes state without the GPU: its kernel's launch, or its step's end. */
  const wakeAt = (i: number) => {
    const s = state[i];
    const t = trace(i);
    return s.kernel < t.kernels.length ? s.stepStart + t.kernels[s.kernel].launchS : s.stepStart + t.stepS;
  };
  /** Ready before: earlier readiness, then the lower job index. */
  const before = (a: number, b: number) =>
    state[a].readySince < state[b].readySince || (state[a].readySince === state[b].readySince && a < b);

  while (now < durationS) {
    // Launches and step ends that are due.
    for (let i = 0; i < n; i++) {
      const s = state[i];
      const kernels = trace(i).kernels;
      if (s.ready || kernels.length === 0 || wakeAt(i) > now + EPSILON) continue;
      if (s.kernel === kernels.length) {
        s.kernel = 0;
        s.steps += 1;
        s.stepStart = now;
      }
      if (wakeAt(i) <= now + EPSILON) {
        s.ready = true;
        s.remaining = kernels[s.kernel].durS;
        s.readySince = now;
        lastWave[i] = lastWaveS(kernels[s.kernel], jobSms[i]);
      }
    }
    // Which kernels run now, and at what speed (solo seconds per second).
    rates.fill(0);
    let smInUse = 0;
    let readyCount = 0;
    for (let i = 0; i < n; i++) {
      if (!state[i].ready) continue;
      held[i] = heldSms(kernelOf(i), jobSms[i], drainStep(i));
      // Insertion in ready order (a handful of jobs).
      let k = readyCount++;
      while (k > 0 && before(i, order[k - 1])) order[k] = order[--k];
      order[k] = i;
    }
    if (options.mode === "naive") {
      const ownerReady = owner >= 0 && state[owner].ready;
      let next = -1;
      for (let k = 0; k < readyCount; k++) {
        const i = order[k];
        if (i !== owner && (next < 0 || state[i].readySince < state[next].readySince)) next = i;
      }
      if (switchLeft <= 0 && next >= 0 && (!ownerReady || now - holdStart >= options.timeSliceS)) {
        if (owner >= 0) switchLeft = options.params.switchOverhead * holdWork;
        owner = next;
        holdStart = now;
        holdWork = 0;
      }
      if (switchLeft <= 0 && owner >= 0 && state[owner].ready) {
        rates[owner] = 1;
        smInUse = held[owner];
      }
    } else {
      let free = sms;
      let pressure = 0;
      for (let k = 0; k < readyCount; k++) {
        const i = order[k];
        const got = Math.min(held[i], free);
        free -= got;
        rates[i] = got / held[i];
        smInUse += got;
        pressure += (jobs[i].dramUtil ?? 0) * rates[i];
      }
      for (let k = 0; k < readyCount; k++) {
        const i = order[k];
        if (!kernelOf(i).memoryBound) continue;
        const others = pressure - (jobs[i].dramUtil ?? 0) * rates[i];
        rates[i] /= 1 + options.params.mpsMemoryContention * others;
      }
    }
    // Time to the next event.
    let dt = durationS - now;
    if (switchLeft > 0) dt = Math.min(dt, switchLeft);
    for (let i = 0; i < n; i++) {
      const s = state[i];
      if (s.ready) {
        if (rates[i] > 0) dt = Math.min(dt, s.remaining / rates[i]);
        if (rates[i] > 0 && toNextHold(i) > EPSILON) dt = Math.min(dt, toNextHold(i) / rates[i]);
      } else if (trace(i).kernels.length > 0) dt = Math.min(dt, wakeAt(i) - now);
    }
    if (options.mode === "naive" && owner >= 0 && rates[owner] > 0 && readyCount > 1) {
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
    for (let i = 0; i < n; i++) {
      const s = state[i];
      if (!s.ready || rates[i] === 0) continue;
      s.remaining -= rates[i] * dt;
      if (i === owner) holdWork += dt;
      if (s.remaining > EPSILON) continue;
      s.ready = false;
      s.kernel += 1;
    }
  }
  return {
    stepsPerSecond: state.map((s, i) => (s.steps + s.kernel / Math.max(1, trace(i).kernels.length)) / now),
    utilization: busyTime / now,
    smActivity: smTime / now,
  };
}
