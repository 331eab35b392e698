/**
 * The figures a validation is judged by (issue 5's targets): per-mode throughput MAPE over jobs, run-level
 * errors, out of memory per run (and per process, for information), and the held-out SM-curve points.
 */
import { median } from "../fit/stats.ts";
import type { Comparison, Skipped } from "./compare.ts";
import { copySpreads, runsByCoRunners, type CopySpreads } from "./copy-spread.ts";
import type { CompletionComparison } from "./live-replay.ts";
import { aggregateErrors, type LeaveModelsOut, type UnseenFold } from "./leave-models-out.ts";
import type { RunComparison } from "./tables.ts";

export interface ErrorStats {
  /** Mean and largest absolute error (percent, or percentage points for utilization and SM activity). */
  mean_abs: number | null;
  max_abs: number | null;
  /** Mean signed error, predicted less measured: the bias (positive: predicted too high). */
  mean: number | null;
  /** How many values the statistics are over. */
  n: number;
}

export interface ValidationSummary {
  kind: "validation";
  /** GPU of the calibration set, and how many runs its fit used. */
  set: { gpu: string; fitted_runs: number };
  /** The model of MPS co-runners on the whole GPU: "fast" (sim/sharing/mps.ts) or "replay" (`--mps-model`). */
  mps_model: string;
  /** Only runs of the validation subset were compared. */
  validation_only: boolean;
  runs: { compared: number; skipped: number };
  /** Per mode: mean absolute percentage error of per-job throughput, in percent. */
  mape: Record<string, number>;
  /** Per mode: the same errors in full (jobs compared, largest error). */
  throughput: Record<string, ErrorStats>;
  /**
   * Per mode: copies of one workload in one run that measured apart (copy-spread.ts). The widest one's `floor_pct`
   * bounds `throughput`'s `max_abs` from below for any model that gives copies one speed.
   */
  copy_spread: Record<string, CopySpreads>;
  /** Jobs whose throughput is not compared because they (are predicted to) run out of memory or did not train. */
  jobs_not_compared: number;
  utilization_pp: ErrorStats;
  sm_activity_pp: ErrorStats;
  memory_pct: ErrorStats;
  power_pct: ErrorStats;
  /**
   * Out of memory, judged per run (did some process run out); per process for information, with copies of one
   * workload paired survivors first (which copy loses the race for memory is chance).
   */
  oom: { runs: OomCounts; procs: OomCounts };
  /** Step time of each SM point left out of its workload's curve (held-out-sm.ts), in percent. */
  sm_curve_held_out_pct: ErrorStats;
  /** Live replays: per-job completion-time error of the simulator, in percent (live-replay.ts). */
  live_replays: {
    runs: number;
    completion_pct: ErrorStats & { median_abs: number | null };
    /** The same jobs from the end of their first step: the sharing models on the stream, start-up aside. */
    training_pct: ErrorStats & { median_abs: number | null };
  };
  /**
   * Leave-models-out (leave-models-out.ts): per mode, the per-job throughput MAPE on runs that include a model of
   * the family held out of the fit (percent), and how many job predictions it is over; `unseen` has the full
   * errors, each run's total throughput error, the same errors split by how the runs' processes started (fresh
   * ones, as users' jobs, or reused workers) and the folds. Empty when not computed.
   */
  mape_unseen: Record<string, number>;
  jobs_unseen: Record<string, number>;
  unseen: {
    throughput: Record<string, ErrorStats>;
    aggregate_pct: Record<string, ErrorStats>;
    by_processes: { fresh: Record<string, ErrorStats>; reused: Record<string, ErrorStats> };
    /**
     * The same errors split by whom the jobs shared the GPU with: copies of their own workload only, or other
     * models (copy-spread.ts: `runsByCoRunners`); runs of one process are in neither.
     */
    by_co_runners: { copies: Record<string, ErrorStats>; mixes: Record<string, ErrorStats> };
    /** The measured spread of copies in these runs (as `copy_spread`), by how the processes started. */
    copy_spread: { fresh: Record<string, CopySpreads>; reused: Record<string, CopySpreads> };
    folds: UnseenFold[];
  } | null;
  /** Each compared run's GPU-level errors (runs.arrow has the values behind them). */
  per_run: PerRun[];
  skipped: Skipped[];
}

export interface OomCounts {
  measured: number;
  predicted: number;
  missed: number;
  false_alarms: number;
}

export type PerRun = Pick<
  RunComparison,
  | "run_id"
  | "mode"
  | "utilization_error_pp"
  | "sm_activity_error_pp"
  | "memory_error_pct"
  | "power_error_pct"
  | "measured_oom"
  | "predicted_oom"
>;

export function errorStats(values: readonly (number | null)[]): ErrorStats {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return { mean_abs: null, max_abs: null, mean: null, n: 0 };
  const abs = known.map(Math.abs);
  return {
    mean_abs: abs.reduce((a, b) => a + b, 0) / abs.length,
    max_abs: Math.max(...abs),
    mean: known.reduce((a, b) => a + b, 0) / known.length,
    n: known.length,
  };
}

function withMedian(errors: readonly (number | null)[]): ErrorStats & { median_abs: number | null } {
  const abs = errors.flatMap((e) => (e === null ? [] : [Math.abs(e)]));
  return { ...errorStats(errors), median_abs: abs.length === 0 ? null : median(abs) };
}

function oomCounts(cases: readonly { measured_oom: boolean; predicted_oom: boolean }[]): OomCounts {
  return {
    measured: cases.filter((c) => c.measured_oom).length,
    predicted: cases.filter((c) => c.predicted_oom).length,
    missed: cases.filter((c) => c.measured_oom && !c.predicted_oom).length,
    false_alarms: cases.filter((c) => !c.measured_oom && c.predicted_oom).length,
  };
}

/** `f` of each mode's rows, modes in order. */
function perMode<R extends { mode: string }, T>(rows: readonly R[], f: (rows: R[]) => T): Record<string, T> {
  const modes = [...new Set(rows.map((r) => r.mode))].sort();
  return Object.fromEntries(modes.map((m) => [m, f(rows.filter((r) => r.mode === m))]));
}

/** Error statistics per mode of rows that carry a mode and an error. */
function byMode(rows: readonly { mode: string; error_pct: number | null }[]): Record<string, ErrorStats> {
  return perMode(rows, (rs) => errorStats(rs.map((r) => r.error_pct)));
}

/** Error statistics per mode of the jobs of copies-only runs and of mixed runs (`runsByCoRunners`). */
function byCoRunners(jobs: LeaveModelsOut["jobs"]): {
  copies: Record<string, ErrorStats>;
  mixes: Record<string, ErrorStats>;
} {
  const { copies, mixes } = runsByCoRunners(jobs);
  return {
    copies: byMode(jobs.filter((j) => copies.has(j.run_id))),
    mixes: byMode(jobs.filter((j) => mixes.has(j.run_id))),
  };
}

/** Per mode, the mean absolute error of rows that carry a mode and an error (the MAPE, for percent errors). */
export function mapeByMode(
  rows: readonly { mode: string; error_pct: number | null }[],
): Record<string, number> {
  return meansOf(byMode(rows));
}

/** The mean absolute errors of `byMode`'s statistics, for the modes that have one. */
function meansOf(stats: Record<string, ErrorStats>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(stats).flatMap(([m, s]) => (s.mean_abs === null ? [] : [[m, s.mean_abs]])),
  );
}

/** `heldOutSmErrors`: heldOutSmPoints(set)'s errors (percent). */
export function summarize(
  comparison: Comparison,
  set: ValidationSummary["set"],
  validationOnly: boolean,
  heldOutSmErrors: readonly number[],
  completions: readonly CompletionComparison[] = [],
  unseen?: LeaveModelsOut,
  mpsModel = "fast",
): ValidationSummary {
  const { jobs, runs, skipped } = comparison;
  const throughput = byMode(jobs);
  const mape = meansOf(throughput);
  const unseenThroughput = unseen === undefined ? {} : byMode(unseen.jobs);
  return {
    kind: "validation",
    set,
    mps_model: mpsModel,
    validation_only: validationOnly,
    runs: { compared: runs.length, skipped: skipped.length },
    mape,
    throughput,
    copy_spread: perMode(jobs, copySpreads),
    jobs_not_compared: jobs.filter((j) => j.error_pct === null).length,
    utilization_pp: errorStats(runs.map((r) => r.utilization_error_pp)),
    sm_activity_pp: errorStats(runs.map((r) => r.sm_activity_error_pp)),
    memory_pct: errorStats(runs.map((r) => r.memory_error_pct)),
    power_pct: errorStats(runs.map((r) => r.power_error_pct)),
    oom: { runs: oomCounts(runs), procs: oomCounts(jobs) },
    sm_curve_held_out_pct: errorStats(heldOutSmErrors),
    live_replays: {
      runs: new Set(completions.map((c) => c.run_id)).size,
      completion_pct: withMedian(completions.map((c) => c.error_pct)),
      training_pct: withMedian(completions.map((c) => c.training_error_pct)),
    },
    mape_unseen: meansOf(unseenThroughput),
    jobs_unseen: Object.fromEntries(Object.entries(unseenThroughput).map(([m, s]) => [m, s.n])),
    unseen:
      unseen === undefined
        ? null
        : {
            throughput: unseenThroughput,
            aggregate_pct: byMode(aggregateErrors(unseen.jobs)),
            by_processes: {
              fresh: byMode(unseen.jobs.filter((j) => j.fresh_processes)),
              reused: byMode(unseen.jobs.filter((j) => !j.fresh_processes)),
            },
            by_co_runners: byCoRunners(unseen.jobs),
            copy_spread: {
              fresh: perMode(
                unseen.jobs.filter((j) => j.fresh_processes),
                copySpreads,
              ),
              reused: perMode(
                unseen.jobs.filter((j) => !j.fresh_processes),
                copySpreads,
              ),
            },
            folds: unseen.folds,
          },
    per_run: runs.map((r) => ({
      run_id: r.run_id,
      mode: r.mode,
      utilization_error_pp: r.utilization_error_pp,
      sm_activity_error_pp: r.sm_activity_error_pp,
      memory_error_pct: r.memory_error_pct,
      power_error_pct: r.power_error_pct,
      measured_oom: r.measured_oom,
      predicted_oom: r.predicted_oom,
    })),
    skipped,
  };
}
