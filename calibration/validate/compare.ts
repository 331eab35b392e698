/**
 * Predicted against measured, job by job and run by run. Pure: the prediction is a parameter, so the arithmetic
 * is testable on its own and `colloc validate` plugs in the calibration set's models (calibration/predict.ts).
 *
 * Out of memory is judged on the whole run: did the model say some process of it runs out. Which copies of one
 * workload lose the start-up race for memory is chance, so throughput and the GPU-level figures are predicted for
 * the processes that actually ran (the measured survivors, as co-runners of each other) and judged on them.
 */
import { coRunnerLabel } from "../ingest/rows.ts";
import { modeOf, survivors, type MeasuredRun } from "../measured.ts";
import { describeMeasured, type PredictedRun, type RunDescription } from "../predict.ts";
import type { JobComparison, RunComparison } from "./tables.ts";

/** calibration/predict.ts `predictRun` with its calibration set bound. */
export type Predict = (run: RunDescription) => PredictedRun;

export interface Skipped {
  run_id: string;
  reason: string;
}

export interface Comparison {
  jobs: JobComparison[];
  runs: RunComparison[];
  /** Runs no model could be checked on, each with why (never dropped silently). */
  skipped: Skipped[];
}

export interface CompareOptions {
  /** Where a run came from, for error messages (a run folder). */
  sourceOf?: (runId: string) => string;
  /** Workloads the calibration set could not profile, each with why: their runs are skipped with that reason. */
  unprofiled?: ReadonlyMap<string, string>;
}

/** Signed relative error in percent; null when there is no prediction or no measurement to compare with. */
export function errorPct(predicted: number | null, measured: number | null): number | null {
  return predicted === null || measured === null || measured === 0
    ? null
    : ((predicted - measured) / measured) * 100;
}

const percent = (fraction: number | null) => (fraction === null ? null : fraction * 100);

function skipReason(run: MeasuredRun, unprofiled: ReadonlyMap<string, string>): string | undefined {
  if (run.notWhole !== null) return `not whole: ${run.notWhole}`;
  const mode = modeOf(run);
  if (mode === undefined) return `no sharing model predicts mode ${run.mode}`;
  if (mode === "mig") return "the run does not record its MIG instance profiles";
  if (run.memoryCapBytes !== null)
    return "a memory-cap run: it measures the least memory a workload trains in";
  if (run.procs.every((p) => p.stepsPerSecond === null && p.outcome !== "oom")) {
    return "no process measured a throughput or ran out of memory (e.g. an overhead check)";
  }
  const missing = run.procs.find((p) => unprofiled.has(p.workload));
  if (missing) return `the set does not profile ${missing.workload}: ${unprofiled.get(missing.workload)}`;
  return undefined;
}

/**
 * Per-process OOM predictions lined up with the measured processes, for the per-process counts: copies of one
 * workload under one SM cap are interchangeable, so within such a group predicted survivors are paired with
 * measured survivors first.
 */
function pairCopies(run: MeasuredRun, predictedOom: readonly boolean[]): boolean[] {
  const groups = new Map<string, number[]>();
  run.procs.forEach((p, i) => {
    const key = `${p.workload}\u0000${p.smLimit}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const paired = [...predictedOom];
  for (const indices of groups.values()) {
    const byOom = (oom: (i: number) => boolean) =>
      [...indices].sort((a, b) => Number(oom(a)) - Number(oom(b)));
    const measuredOrder = byOom((i) => run.procs[i].outcome === "oom");
    const predictedOrder = byOom((i) => predictedOom[i]);
    measuredOrder.forEach((i, k) => (paired[i] = predictedOom[predictedOrder[k]]));
  }
  return paired;
}

/**
 * Compare every job of every usable run. `fitted` holds the run ids the calibration set was fitted on.
 */
export function compareRuns(
  measured: readonly MeasuredRun[],
  predict: Predict,
  fitted: ReadonlySet<string>,
  options: CompareOptions = {},
): Comparison {
  const { sourceOf = (id: string) => id, unprofiled = new Map<string, string>() } = options;
  const result: Comparison = { jobs: [], runs: [], skipped: [] };
  for (const run of measured) {
    const reason = skipReason(run, unprofiled);
    if (reason) {
      result.skipped.push({ run_id: run.runId, reason });
      continue;
    }
    const source = sourceOf(run.runId);
    const whole = predict(describeMeasured(run, source));
    const ran = survivors(run);
    const measuredOom = ran.procs.length < run.procs.length;
    const asRan = measuredOom ? predict(describeMeasured(ran, source)) : whole;
    const rateOf = new Map(ran.procs.map((p, i) => [p.proc, asRan.procs[i]]));
    const predictedOom = pairCopies(
      run,
      whole.procs.map((p) => p.oom),
    );
    const common = {
      run_id: run.runId,
      mode: modeOf(run)!,
      co_runners: coRunnerLabel(run.procs.map((p) => p.workload)),
      validation: run.validation,
      fitted: fitted.has(run.runId),
    };
    run.procs.forEach((p, i) => {
      const rate = rateOf.get(p.proc);
      result.jobs.push({
        ...common,
        proc: p.proc,
        workload: p.workload,
        measured_img_s: p.stepsPerSecond === null ? null : p.stepsPerSecond * p.batch,
        predicted_img_s: rate === undefined ? null : rate.throughputImgS,
        error_pct: rate === undefined || rate.oom ? null : errorPct(rate.stepsPerSecond, p.stepsPerSecond),
        measured_oom: p.outcome === "oom",
        predicted_oom: predictedOom[i],
      });
    });
    const utilization = percent(run.utilization);
    const smActivity = percent(run.smActivity);
    result.runs.push({
      ...common,
      measured_utilization_pct: utilization,
      predicted_utilization_pct: asRan.utilization * 100,
      utilization_error_pp: utilization === null ? null : asRan.utilization * 100 - utilization,
      measured_sm_activity_pct: smActivity,
      predicted_sm_activity_pct: asRan.smActivity * 100,
      sm_activity_error_pp: smActivity === null ? null : asRan.smActivity * 100 - smActivity,
      measured_memory_bytes: run.memoryUsedBytes,
      predicted_memory_bytes: Math.round(asRan.memoryUsedBytes),
      // Judged where every process kept running: an OOM run's peak depends on when its processes failed.
      memory_error_pct: measuredOom ? null : errorPct(asRan.memoryUsedBytes, run.memoryUsedBytes),
      measured_power_w: run.powerW,
      predicted_power_w: asRan.powerW,
      power_error_pct: errorPct(asRan.powerW, run.powerW),
      measured_oom: measuredOom,
      predicted_oom: whole.procs.some((p) => p.oom),
      measured_oom_procs: run.procs.length - ran.procs.length,
      predicted_oom_procs: whole.procs.filter((p) => p.oom).length,
    });
  }
  return result;
}
