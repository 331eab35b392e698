/**
 * A few milliseconds of kernel-level timeline of each device, from sim/replay. The replay reports totals only, so
 * it is run to the end of every bin of the window in turn and its totals are differenced: per bin, the SMs doing
 * work (from its SM activity), the time some kernel ran (from its utilization) and the kernels each job finished
 * (from its steps per second, whose fraction counts the kernels of the current step).
 *
 * The jobs of a device do not start the window in step: the k-th of n starts it k/n of the way through its step
 * (its trace rotated to begin there), as jobs that started at different times would; jobs all starting a step
 * together would queue the same kernels at the same moments, which running jobs seldom do.
 *
 * That costs a replay per bin, and a replay costs about its kernels times its jobs; so the bins are as many as a
 * fixed budget of kernels x jobs allows (from 50 to 160: 100 to 31 us each), which keeps a redraw within the page's
 * 200 ms on a slow machine for launch-bound jobs too. The bin count depends on the setup only, never on timing.
 */
import {
  replay,
  type JobTrace,
  type ReplayJob,
  type ReplayResult,
  type TraceKernel,
} from "../../sim/replay/index.ts";
import { dramWhileBusy } from "../../sim/sharing/mps.ts";
import type { SharingParams } from "../../sim/sharing/types.ts";
import type { DeviceResult } from "./evaluate.ts";

export const WINDOW_S = 0.005;
export const MIN_BINS = 50;
export const MAX_BINS = 160;
/** Kernels finished in the window times jobs, summed over the devices, that MIN_BINS..MAX_BINS replays may cost. */
const BUDGET = 30_000;

export interface JobTimeline {
  /** Index of the job in the state. */
  job: number;
  /** Kernels it finished in each bin. */
  finished: number[];
  /** Kernels it finishes in the window alone on its device (sim/replay with it alone). */
  alone: number;
}

export interface DeviceTimeline {
  /** SMs of the device (the whole GPU, or the MIG instance). */
  sms: number;
  mode: "naive" | "mps";
  binS: number;
  /** Mean SMs doing work in each bin. */
  smsInUse: number[];
  /** Fraction of each bin during which some kernel ran. */
  busy: number[];
  jobs: JobTimeline[];
  /**
   * Several MPS clients in one MIG instance: sim/replay caps each one's kernels at the instance's SMs, but lets
   * them share the whole GPU's (it knows no instance), so they overlap more than they could.
   */
  approximate: boolean;
}

interface Plan {
  device: DeviceResult;
  running: number[];
  jobs: ReplayJob[];
  mode: "naive" | "mps";
}

/** How sim/replay runs a device's jobs: time-sliced, or concurrently (MPS, and one job alone). */
function replayMode(device: DeviceResult): "naive" | "mps" {
  const setup = device.setup;
  return setup.mode === "naive" || (setup.mode === "mig" && setup.inside === "naive") ? "naive" : "mps";
}

/** The trace of one step seen from `phase` (0..1) of the way through it: the same kernels, the same loop. */
export function phasedTrace(trace: JobTrace, phase: number): JobTrace {
  const from = phase * trace.stepS;
  const m = trace.kernels.findIndex((k) => k.launchS >= from);
  if (m <= 0) return trace;
  const shift = (k: TraceKernel, by: number) => ({ ...k, launchS: k.launchS + by });
  return {
    ...trace,
    kernels: [
      ...trace.kernels.slice(m).map((k) => shift(k, -from)),
      ...trace.kernels.slice(0, m).map((k) => shift(k, trace.stepS - from)),
    ],
  };
}

/**
 * The replay of a device's running jobs (those out of memory run nothing), or null when one has no trace. The
 * traces were recorded on the whole GPU, so the replay runs on all its SMs with each job capped at its device's:
 * a kernel that fills more SMs than a MIG instance has runs slower there (as in notebook 4).
 */
function planOf(device: DeviceResult, traces: ReadonlyMap<string, JobTrace>): Plan | null {
  const running = device.jobs.filter((_, k) => !device.result.oom[k]);
  const coRunners = device.coRunners.filter((_, k) => !device.result.oom[k]);
  const jobs: ReplayJob[] = [];
  for (const [i, c] of coRunners.entries()) {
    const trace = traces.get(c.profile.id);
    if (!trace) return null;
    const caps = [c.smLimit, device.instance ? device.sms : undefined].filter((x) => x !== undefined);
    jobs.push({
      trace: phasedTrace(trace, i / coRunners.length),
      smLimit: caps.length > 0 ? Math.min(...caps) : undefined,
      dramUtil: dramWhileBusy(c.profile),
    });
  }
  return { device, running, jobs, mode: replayMode(device) };
}

function run(plan: Plan, gpuSms: number, params: SharingParams, timeSliceS: number, t: number): ReplayResult {
  return replay(plan.jobs, { mode: plan.mode, sms: gpuSms, params, durationS: t, timeSliceS });
}

const kernelsBy = (plan: Plan, r: ReplayResult, t: number) =>
  r.stepsPerSecond.map((s, i) => Math.round(s * t * plan.jobs[i].trace.kernels.length));

function timelineOf(
  plan: Plan,
  bins: number,
  gpuSms: number,
  params: SharingParams,
  timeSliceS: number,
): DeviceTimeline {
  const binS = WINDOW_S / bins;
  const smsInUse: number[] = [];
  const busy: number[] = [];
  const finished: number[][] = plan.jobs.map(() => []);
  let last = { sm: 0, busy: 0, kernels: plan.jobs.map(() => 0) };
  for (let b = 1; b <= bins && plan.jobs.length > 0; b++) {
    const t = b * binS;
    const r = run(plan, gpuSms, params, timeSliceS, t);
    const now = { sm: r.smActivity * t, busy: r.utilization * t, kernels: kernelsBy(plan, r, t) };
    smsInUse.push(((now.sm - last.sm) / binS) * gpuSms);
    busy.push((now.busy - last.busy) / binS);
    now.kernels.forEach((k, i) => finished[i].push(k - last.kernels[i]));
    last = now;
  }
  const setup = plan.device.setup;
  return {
    sms: plan.device.sms,
    mode: plan.mode,
    binS,
    smsInUse,
    busy,
    jobs: plan.running.map((job, i) => {
      const solo = { ...plan, jobs: [plan.jobs[i]], mode: "mps" as const };
      const [alone] = kernelsBy(solo, run(solo, gpuSms, params, timeSliceS, WINDOW_S), WINDOW_S);
      return { job, finished: finished[i], alone };
    }),
    approximate: setup.mode === "mig" && setup.inside === "mps" && plan.jobs.length > 1,
  };
}

/**
 * The timeline of every device, in the devices' order (null for one with a job whose workload has no trace), all
 * with the same bins. `gpuSms`: SMs of the GPU the traces were recorded on.
 */
export function deviceTimelines(
  devices: readonly DeviceResult[],
  traces: ReadonlyMap<string, JobTrace>,
  params: SharingParams,
  timeSliceS: number,
  gpuSms: number,
): (DeviceTimeline | null)[] {
  const plans = devices.map((d) => planOf(d, traces));
  const load = plans.reduce((sum, plan) => {
    if (!plan || plan.jobs.length === 0) return sum;
    const kernels = kernelsBy(plan, run(plan, gpuSms, params, timeSliceS, WINDOW_S), WINDOW_S);
    return sum + kernels.reduce((a, b) => a + b, 0) * plan.jobs.length;
  }, 0);
  const bins = Math.min(MAX_BINS, Math.max(MIN_BINS, Math.floor(BUDGET / Math.max(1, load))));
  return plans.map((plan) => plan && timelineOf(plan, bins, gpuSms, params, timeSliceS));
}

const memo = new Map<string, (DeviceTimeline | null)[]>();
const MEMO_SIZE = 32;

/** deviceTimelines, remembered for the last setups shown (going back to a setup redraws it at once). */
export function cachedTimelines(...args: Parameters<typeof deviceTimelines>): (DeviceTimeline | null)[] {
  const [devices, , params, timeSliceS, gpuSms] = args;
  const key = JSON.stringify([
    params,
    timeSliceS,
    gpuSms,
    devices.map((d) => [
      d.setup,
      d.jobs,
      d.result.oom,
      d.coRunners.map((c) => [c.profile.id, c.smLimit ?? null]),
    ]),
  ]);
  if (!memo.has(key)) {
    if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
    memo.set(key, deviceTimelines(...args));
  }
  return memo.get(key)!;
}
