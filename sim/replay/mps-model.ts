/**
 * The kernel-level replay as the MPS model of the whole GPU (`colloc run --mps-model replay`): co-runners training
 * uncapped, each with a recorded step, replay it (for `replayLength` of their step times). The fast model
 * (sim/sharing/mps.ts) answers for anything else: a job alone or starting up, SM caps (the replay plays them by each
 * job's SM curve, job.ts, but errs more there than the fast model: docs/calibration.md), MIG instances, and workloads
 * without a trace.
 */
import type { CoRunner, MpsModel } from "../sharing/index.ts";
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
 * Mean kernel durations (µs) over which the blend's weight moves from even to the replay alone: the fast model's split
 * was fitted on mixes whose jobs' kernels average under 250 µs (97 of the H200 set's 101 profiles); beside longer
 * ones it extrapolates, while the replay plays kernels whose blocks hold the SMs (docs/calibration.md, rule G).
 */
export const BLEND_RAMP_US = [250, 500] as const;

/** The replay's weight in the blend of a mix: 1/2, rising to 1 as its longest mean kernel crosses BLEND_RAMP_US. */
export function replayWeight(runners: readonly CoRunner[]): number {
  const longest = Math.max(...runners.map((r) => r.profile.kernels?.meanUs ?? 0));
  const [from, to] = BLEND_RAMP_US;
  return 0.5 + 0.5 * Math.min(1, Math.max(0, (longest - from) / (to - from)));
}

/**
 * The fast model's and the replay's step rates, geometrically weighted by `replayWeight`, where the replay answers
 * (`--mps-model blend`): the fast model fits its split on mixes, the replay plays the kernels; each misses where the
 * other does not (docs/calibration.md, rules B and G). Utilization is weighted the same way, arithmetically.
 * `weight` gives the replay's weight in a mix instead (`() => 0.5`: the even blend that rules R7 and G2 judge against).
 */
export function blendMps(
  traces: StepTraces,
  weight: (runners: readonly CoRunner[]) => number = replayWeight,
): MpsModel {
  const replayed = replayMps(traces);
  return (runners, slice, params) => {
    const kernels = replayed(runners, slice, params);
    if (kernels === undefined) return undefined;
    const fast = mpsRates(runners, slice, params);
    const w = weight(runners);
    return {
      rates: kernels.rates.map((r, i) => r ** w * fast.rates[i] ** (1 - w)),
      utilization: w * kernels.utilization + (1 - w) * fast.utilization,
    };
  };
}
