/**
 * Predict a run by kernel-level replay (sim/replay) instead of the fast models: the high-fidelity check.
 * Naive runs replay time-slicing, MPS runs (capped or not) replay concurrent kernels; the set supplies the
 * global parameters, the traces and the power limit. A job of an MPS run whose processes started together replays
 * its probe's step where its workload was probed, as the fast model reads its probe's kernels.
 */
import { InputError } from "../sim/input-error.ts";
import { replay, replayJob, replayLength, TIME_SLICE_S } from "../sim/replay/index.ts";
import { throttle } from "../sim/sharing/power.ts";
import type { MeasuredRun } from "./measured.ts";
import { autotunedTogether, predictRun, type RunDescription } from "./predict.ts";
import { profileOf, type CalibrationSet } from "./set.ts";
import type { SetTraces } from "./trace-table.ts";
import { compareRuns, type Predict } from "./validate/compare.ts";
import { mapeByMode } from "./validate/summary.ts";

export function replayRun(set: CalibrationSet, traces: SetTraces, run: RunDescription) {
  if (run.mode === "mig")
    throw new InputError(run.source, "mode", "naive, mps, mps-partitioned or exclusive for a replay");
  const together = autotunedTogether(run);
  const profiles = run.processes.map((p, i) => profileOf(set, p.workload, `${run.source}: processes[${i}]`));
  const jobs = run.processes.map((p, i) => {
    const trace =
      (together ? traces.startedTogether.get(p.workload) : undefined) ?? traces.solo.get(p.workload);
    if (!trace)
      throw new InputError(
        run.source,
        `processes[${i}].workload`,
        "a workload with a kernel trace in the set",
        p.workload,
      );
    return replayJob(trace, profiles[i], p.smLimit ?? undefined, set.gpu.sms);
  });
  const result = replay(jobs, {
    mode: run.mode === "naive" || run.mode === "exclusive" ? "naive" : "mps",
    sms: set.gpu.sms,
    params: set.sharing,
    durationS: replayLength(profiles.map((p) => p.stepTimeS)),
    timeSliceS: TIME_SLICE_S,
  });
  // The kernels replay at full clocks; the board's power limit then slows them as in sim/sharing.
  return { ...result, stepsPerSecond: throttle(set.sharing, profiles, result.stepsPerSecond) };
}

/**
 * The replay as a `Predict` for compareRuns: step rates, utilization and SM activity from the replay; memory,
 * power and out-of-memory from the fast models, since the replay plays kernels and models neither.
 */
export function replayPredict(set: CalibrationSet, traces: SetTraces): Predict {
  return (run) => {
    const fast = predictRun(set, run);
    const replayed = replayRun(set, traces, run);
    return {
      ...fast,
      procs: fast.procs.map((p, i) => ({
        ...p,
        stepsPerSecond: replayed.stepsPerSecond[i],
        throughputImgS: replayed.stepsPerSecond[i] * profileOf(set, p.workload, run.source).batch,
      })),
      utilization: replayed.utilization,
      smActivity: replayed.smActivity,
    };
  };
}

/** Per-job throughput MAPE (percent) of kernel-level replay per mode, over runs of naive and MPS modes (capped or not). */
export function replayMape(
  set: CalibrationSet,
  traces: SetTraces,
  runs: MeasuredRun[],
): Record<string, number> {
  const replayable = runs.filter((r) => ["naive", "mps", "mps-partitioned"].includes(r.mode));
  const { jobs } = compareRuns(replayable, replayPredict(set, traces), new Set());
  // A mode none of whose jobs measured a throughput has no MAPE.
  return mapeByMode(jobs);
}
