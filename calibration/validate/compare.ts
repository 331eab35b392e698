/**
 * Predicted against measured, job by job and run by run. Pure: the prediction is a parameter, so the arithmetic
 * is testable on its own and `colloc validate` plugs in the calibration set's models (calibration/predict.ts).
 */
import { coRunnerLabel } from "../ingest/rows.ts";
import { modeOf, type MeasuredRun } from "../measured.ts";
import type { PredictedProc, PredictedRun, RunDescription } from "../predict.ts";
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

/** Signed relative error in percent; null when there is no measurement to compare with. */
export function errorPct(predicted: number, measured: number | null): number | null {
  return measured === null || measured === 0 ? null : ((predicted - measured) / measured) * 100;
}

const percent = (fraction: number | null) => (fraction === null ? null : fraction * 100);

function skipReason(run: MeasuredRun): string | undefined {
  if (!run.usable) return "not whole: the run did not complete, or some of its lines could not be ingested";
  const mode = modeOf(run);
  if (mode === undefined) return `no sharing model predicts mode ${run.mode}`;
  if (mode === "mig") return "the run does not record its MIG instance profiles";
  if (run.procs.every((p) => p.stepsPerSecond === null && p.outcome !== "oom")) {
    return "no process measured a throughput or ran out of memory (e.g. an overhead check)";
  }
  return undefined;
}

/**
 * Predictions lined up with the measured processes. Copies of one workload under one SM cap are
 * interchangeable, and which of them runs out of memory first is a race the model cannot (and need not) call:
 * within such a group, predicted survivors are paired with measured survivors first.
 */
function pairCopies(run: MeasuredRun, predicted: readonly PredictedProc[]): PredictedProc[] {
  const groups = new Map<string, number[]>();
  run.procs.forEach((p, i) => {
    const key = `${p.workload}\u0000${p.smLimit}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const paired = [...predicted];
  for (const indices of groups.values()) {
    const byOom = (oom: (i: number) => boolean) =>
      [...indices].sort((a, b) => Number(oom(a)) - Number(oom(b)));
    const measuredOrder = byOom((i) => run.procs[i].outcome === "oom");
    const predictedOrder = byOom((i) => predicted[i].oom);
    measuredOrder.forEach((i, k) => (paired[i] = predicted[predictedOrder[k]]));
  }
  return paired;
}

function describe(run: MeasuredRun, source: string): RunDescription {
  return {
    source,
    gpu: run.gpu,
    mode: modeOf(run)!,
    processes: run.procs.map((p) => ({ workload: p.workload, smLimit: p.smLimit })),
  };
}

/**
 * Compare every job of every usable run. `fitted` holds the run ids the calibration set was fitted on;
 * `sourceOf` names where a run came from in error messages (a run folder).
 */
export function compareRuns(
  measured: readonly MeasuredRun[],
  predict: Predict,
  fitted: ReadonlySet<string>,
  sourceOf: (runId: string) => string = (id) => id,
): Comparison {
  const result: Comparison = { jobs: [], runs: [], skipped: [] };
  for (const run of measured) {
    const reason = skipReason(run);
    if (reason) {
      result.skipped.push({ run_id: run.runId, reason });
      continue;
    }
    const predicted = predict(describe(run, sourceOf(run.runId)));
    const guesses = pairCopies(run, predicted.procs);
    const common = {
      run_id: run.runId,
      mode: modeOf(run)!,
      co_runners: coRunnerLabel(run.procs.map((p) => p.workload)),
      validation: run.validation,
      fitted: fitted.has(run.runId),
    };
    run.procs.forEach((p, i) => {
      const guess = guesses[i];
      const measuredOom = p.outcome === "oom";
      result.jobs.push({
        ...common,
        proc: p.proc,
        workload: p.workload,
        measured_img_s: p.stepsPerSecond === null ? null : p.stepsPerSecond * p.batch,
        predicted_img_s: guess.throughputImgS,
        // Throughput of a job that ran (or is predicted to run) out of memory is judged by the OOM columns.
        error_pct: guess.oom ? null : errorPct(guess.stepsPerSecond, p.stepsPerSecond),
        measured_oom: measuredOom,
        predicted_oom: guess.oom,
      });
    });
    const measuredOom = run.procs.map((p) => p.outcome === "oom");
    const predictedOom = guesses.map((p) => p.oom);
    const utilization = percent(run.utilization);
    const smActivity = percent(run.smActivity);
    result.runs.push({
      ...common,
      measured_utilization_pct: utilization,
      predicted_utilization_pct: predicted.utilization * 100,
      utilization_error_pp: utilization === null ? null : predicted.utilization * 100 - utilization,
      measured_sm_activity_pct: smActivity,
      predicted_sm_activity_pct: predicted.smActivity * 100,
      sm_activity_error_pp: smActivity === null ? null : predicted.smActivity * 100 - smActivity,
      measured_memory_bytes: run.memoryUsedBytes,
      predicted_memory_bytes: Math.round(predicted.memoryUsedBytes),
      memory_error_pct: errorPct(predicted.memoryUsedBytes, run.memoryUsedBytes),
      measured_oom_procs: measuredOom.filter(Boolean).length,
      predicted_oom_procs: predictedOom.filter(Boolean).length,
      oom_agrees: measuredOom.every((m, i) => m === predictedOom[i]),
    });
  }
  return result;
}
