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

/** A job's trace as flat columns, with what the replay asks of each kernel on the job's SMs worked out once. */
interface Columns {
  launch: Float64Array;
  dur: Float64Array;
  /** Solo seconds left when its last wave starts (0: one wave). */
  lastWave: Float64Array;
  /** SMs held, DRAIN_STEPS + 1 per kernel: before its last wave, then in each drain step of it (heldSms). */
  held: Float64Array;
  memoryBound: Uint8Array;
  stepS: number;
}

function columns(trace: JobTrace, sms: number): Columns {
  const n = trace.kernels.length;
  const c: Columns = {
    launch: new Float64Array(n),
    dur: new Float64Array(n),
    lastWave: new Float64Array(n),
    held: new Float64Array(n * (DRAIN_STEPS + 1)),
    memoryBound: new Uint8Array(n),
    stepS: trace.stepS,
  };
  trace.kernels.forEach((k, i) => {
    c.launch[i] = k.launchS;
    c.dur[i] = k.durS;
    c.lastWave[i] = lastWaveS(k, sms);
    c.held[i * (DRAIN_STEPS + 1)] = heldSms(k, sms);
    for (let s = 0; s < DRAIN_STEPS; s++) c.held[i * (DRAIN_STEPS + 1) + s + 1] = heldSms(k, sms, s);
    c.memoryBound[i] = k.memoryBound ? 1 : 0;
  });
  return c;
}

const EPSILON = 1e-12;

export function replay(jobs: ReplayJob[], options: ReplayOptions): ReplayResult {
  const { sms, durationS } = options;
  const naive = options.mode === "naive";
  const n = jobs.length;
  // The SMs each job's kernels may fill: their waves count on these.
  const cols = jobs.map((j) => columns(j.trace, Math.min(sms, j.smLimit ?? sms)));
  const count = cols.map((c) => c.dur.length);
  const dram = Float64Array.from(jobs, (j) => j.dramUtil ?? 0);
  // Per job: its current kernel, steps done and when the current one began, the current kernel's solo seconds left
  // (0 until it is launched), whether it is launched and unfinished, and since when.
  const kernel = new Int32Array(n);
  const steps = new Float64Array(n);
  const stepStart = new Float64Array(n);
  const remaining = new Float64Array(n);
  const ready = new Uint8Array(n);
  const readySince = new Float64Array(n);
  // The ready kernel's Columns.lastWave, copied when it becomes ready: read twice an event, and reading it through
  // cols and kernel instead made the replay 5-10 % slower.
  const lastWave = new Float64Array(n);
  // Per event: each job's speed (solo seconds per second), the SMs its kernel holds alone, its drain step (-1 before
  // the last wave, or a kernel of one wave), the ready jobs in order.
  const rates = new Float64Array(n);
  const held = new Float64Array(n);
  const drain = new Int32Array(n);
  const order = new Int32Array(n);
  let now = 0;
  let busyTime = 0;
  let smTime = 0;
  // Naive: the owner of the GPU, when its hold began, the GPU time it used, and a pending switch cost.
  let owner = -1;
  let holdStart = 0;
  let holdWork = 0;
  let switchLeft = 0;

  /** When job i next changes state without the GPU: its kernel's launch, or its step's end. */
  const wakeAt = (i: number) =>
    kernel[i] < count[i] ? stepStart[i] + cols[i].launch[kernel[i]] : stepStart[i] + cols[i].stepS;
  /** Ready before: earlier readiness, then the lower job index. */
  const before = (a: number, b: number) =>
    readySince[a] < readySince[b] || (readySince[a] === readySince[b] && a < b);

  while (now < durationS) {
    // Launches and step ends that are due.
    for (let i = 0; i < n; i++) {
      if (ready[i] || count[i] === 0 || wakeAt(i) > now + EPSILON) continue;
      if (kernel[i] === count[i]) {
        kernel[i] = 0;
        steps[i] += 1;
        stepStart[i] = now;
      }
      if (wakeAt(i) <= now + EPSILON) {
        ready[i] = 1;
        remaining[i] = cols[i].dur[kernel[i]];
        readySince[i] = now;
        lastWave[i] = cols[i].lastWave[kernel[i]];
      }
    }
    // Which kernels run now, and at what speed (solo seconds per second).
    rates.fill(0);
    let smInUse = 0;
    let readyCount = 0;
    for (let i = 0; i < n; i++) {
      if (!ready[i]) continue;
      // The drain step of the kernel's last wave (heldSms), -1 before it.
      const L = lastWave[i];
      drain[i] =
        L <= 0 || remaining[i] > L + EPSILON
          ? -1
          : Math.min(DRAIN_STEPS - 1, Math.floor(((L - remaining[i]) / L) * DRAIN_STEPS + EPSILON));
      held[i] = cols[i].held[kernel[i] * (DRAIN_STEPS + 1) + drain[i] + 1];
      // Insertion in ready order (a handful of jobs).
      let k = readyCount++;
      while (k > 0 && before(i, order[k - 1])) order[k] = order[--k];
      order[k] = i;
    }
    if (naive) {
      const ownerReady = owner >= 0 && ready[owner] === 1;
      let next = -1;
      for (let k = 0; k < readyCount; k++) {
        const i = order[k];
        if (i !== owner && (next < 0 || readySince[i] < readySince[next])) next = i;
      }
      if (switchLeft <= 0 && next >= 0 && (!ownerReady || now - holdStart >= options.timeSliceS)) {
        if (owner >= 0) switchLeft = options.params.switchOverhead * holdWork;
        owner = next;
        holdStart = now;
        holdWork = 0;
      }
      if (switchLeft <= 0 && owner >= 0 && ready[owner]) {
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
        pressure += dram[i] * rates[i];
      }
      for (let k = 0; k < readyCount; k++) {
        const i = order[k];
        if (!cols[i].memoryBound[kernel[i]]) continue;
        const others = pressure - dram[i] * rates[i];
        rates[i] /= 1 + options.params.mpsMemoryContention * others;
      }
    }
    // Time to the next event.
    let dt = durationS - now;
    if (switchLeft > 0) dt = Math.min(dt, switchLeft);
    for (let i = 0; i < n; i++) {
      if (ready[i]) {
        if (rates[i] === 0) continue;
        dt = Math.min(dt, remaining[i] / rates[i]);
        // Solo seconds until the SMs the kernel holds next change (0 once they no longer do).
        const L = lastWave[i];
        const step = drain[i];
        const toNextHold =
          L <= 0
            ? 0
            : step < 0
              ? remaining[i] - L
              : step + 1 < DRAIN_STEPS
                ? Math.max(0, remaining[i] - (L * (DRAIN_STEPS - step - 1)) / DRAIN_STEPS)
                : 0;
        if (toNextHold > EPSILON) dt = Math.min(dt, toNextHold / rates[i]);
      } else if (count[i] > 0) dt = Math.min(dt, wakeAt(i) - now);
    }
    if (naive && owner >= 0 && rates[owner] > 0 && readyCount > 1) {
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
      if (!ready[i] || rates[i] === 0) continue;
      remaining[i] -= rates[i] * dt;
      if (i === owner) holdWork += dt;
      if (remaining[i] > EPSILON) continue;
      ready[i] = 0;
      kernel[i] += 1;
    }
  }
  return {
    stepsPerSecond: Array.from(steps, (s, i) => (s + kernel[i] / Math.max(1, count[i])) / now),
    utilization: busyTime / now,
    smActivity: smTime / now,
  };
}
