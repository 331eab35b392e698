/**
 * The kernel-level replay as the MPS model of the whole GPU (`colloc run --mps-model replay`): co-runners training
 * uncapped, each with a recorded step, replay it (for `replayLength` of their step times). The fast model
 * (sim/sharing/mps.ts) answers for anything else: a job alone or starting up, SM caps (the replay plays them by each
 * job's SM curve, job.ts, but errs more there than the fast model: docs/calibration.md), MIG instances, and workloads
 * without a trace.
 */
import type { MpsModel } from "../sharing/index.ts";
import { mpsRates } from "../sharing/mps.ts";
import { replayJob } from "./job.ts";
import { replay, replayLength, TIME_SLICE_S, type ReplayJob } from "./replay.ts";
import type { JobTrace } from "./trace.ts";

/** Recorded steps by workload: solo, and for probed workloads the one kept after autotuning beside co-runners. */
export interface StepTraces {
  solo: Map<string, JobTrace>;
  startedTogether: Map<string, JobTrace>;
}

export function replayMps(traces: StepTraces): MpsModel {
  return (runners, slice, params) => {
    if (!slice.wholeBoard || runners.length < 2) return undefined;
    const jobs: ReplayJob[] = [];
    for (const { profile, smLimit } of runners) {
      if (profile.startupPhase !== undefined || (smLimit !== undefined && smLimit < slice.sms))
        return undefined;
      // A job started together trains by its probe's kernels (sim/sharing/started-together.ts): replay its step.
      const together =
        profile.startedTogether !== undefined && profile.kernels === profile.startedTogether.kernels;
      const trace =
        (together ? traces.startedTogether.get(profile.id) : undefined) ?? traces.solo.get(profile.id);
      if (trace === undefined) return undefined;
      jobs.push(replayJob(trace, profile, undefined, slice.sms));
    }
    const result = replay(jobs, {
      mode: "mps",
      sms: slice.sms,
      params,
      durationS: replayLength(runners.map((r) => r.profile.stepTimeS)),
      timeSliceS: TIME_SLICE_S,
    });
    return { rates: result.stepsPerSecond, utilization: result.utilization };
  };
}

/**
 * The geometric mean of the fast model's and the replay's step rates, where the replay answers (`--mps-model blend`):
 * the fast model fits its split on mixes, the replay plays the kernels; each misses where the other does not
 * (docs/calibration.md, rule B). Utilization is the mean of theirs.
 */
export function blendMps(traces: StepTraces): MpsModel {
  const replayed = replayMps(traces);
  return (runners, slice, params) => {
    const kernels = replayed(runners, slice, params);
    if (kernels === undefined) return undefined;
    const fast = mpsRates(runners, slice, params);
    return {
      rates: kernels.rates.map((r, i) => Math.sqrt(r * fast.rates[i])),
      utilization: (kernels.utilization + fast.utilization) / 2,
    };
  };
}
