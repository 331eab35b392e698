/**
 * Leave-models-out validation: how the sharing models do on models no fit has seen. The workloads are split in
 * folds by model family (families.ts); for each fold the global sharing parameters are fitted again, as
 * `colloc calibrate` fits them, on the set's fitted runs that include no workload of the family, and every
 * multi-process run that includes one is predicted with them, fitted or validation (no fit ever reads a validation
 * run). Profiles stay as they are: a workload's profile comes from its own solo runs, which is what a user who
 * profiles a new model has.
 */
import { gpu as catalogGpu } from "../../sim/hardware/names.ts";
import type { MpsModel, SharingMode } from "../../sim/sharing/index.ts";
import type { MeasuredRun } from "../measured.ts";
import { predictRun } from "../predict.ts";
import { fitSharingParams, startingSharing } from "../fit/sharing-params.ts";
import type { CalibrationSet } from "../set-schema.ts";
import { compareRuns } from "./compare.ts";
import { familyOf } from "./families.ts";
import type { JobComparison } from "./tables.ts";

const PREDICTED_MODES: ReadonlySet<string> = new Set<SharingMode>(["naive", "mps", "mps-partitioned"]);

export interface UnseenJob extends JobComparison {
  /** The family held out when this job's run was predicted. */
  family: string;
  /**
   * Every process of the run was fresh (it autotuned in this run, as a user's job does); false: workers that had
   * served earlier experiments, or not recorded (runs before 2026-12-02).
   */
  fresh_processes: boolean;
}

export interface UnseenFold {
  family: string;
  workloads: string[];
  fitted_runs: number;
  predicted_runs: number;
}

export interface LeaveModelsOut {
  jobs: UnseenJob[];
  folds: UnseenFold[];
}

const includes = (run: MeasuredRun, workloads: ReadonlySet<string>) =>
  run.procs.some((p) => workloads.has(p.workload));

/** Multi-process runs the fast models predict, of the set's workloads. */
function predictable(set: CalibrationSet, measured: readonly MeasuredRun[]): MeasuredRun[] {
  return measured.filter(
    (r) =>
      r.usable &&
      r.procs.length > 1 &&
      PREDICTED_MODES.has(r.mode) &&
      r.procs.every((p) => set.workloads[p.workload] !== undefined),
  );
}

/** The families of the workloads some predictable run includes: one fold each. */
function families(set: CalibrationSet, runs: readonly MeasuredRun[]): string[] {
  return [
    ...new Set(runs.flatMap((r) => r.procs.map((p) => familyOf(set.workloads[p.workload].model)))),
  ].sort();
}

export function foldCount(set: CalibrationSet, measured: readonly MeasuredRun[]): number {
  return families(set, predictable(set, measured)).length;
}

/** One fold per family of the set's workloads that some predictable run includes; `onFold` after each. */
export function leaveModelsOut(
  set: CalibrationSet,
  measured: readonly MeasuredRun[],
  onFold?: () => void,
  mps?: MpsModel,
): LeaveModelsOut {
  const fitted = new Set(set.provenance.runs);
  const runsToPredict = predictable(set, measured);
  const out: LeaveModelsOut = { jobs: [], folds: [] };
  for (const family of families(set, runsToPredict)) {
    const heldOut = new Set(
      Object.values(set.workloads)
        .filter((w) => familyOf(w.model) === family)
        .map((w) => w.id),
    );
    const fitRuns = measured.filter((r) => fitted.has(r.runId) && !includes(r, heldOut));
    // From where `colloc calibrate` starts: the catalog's power figures, every other parameter 0.
    const start = { ...set, sharing: startingSharing(catalogGpu(set.gpu.name).power) };
    // Start-up waits are fitted on start-up replays, not on these runs: they stay as the set has them.
    const sharing = {
      ...fitSharingParams(start, fitRuns).sharing,
      startupWait: set.sharing.startupWait,
      mpsStartupWait: set.sharing.mpsStartupWait,
    };
    const foldSet = { ...set, sharing };
    const runs = runsToPredict.filter((r) => includes(r, heldOut));
    const { jobs } = compareRuns(runs, (run) => predictRun(foldSet, run, sharing, mps), new Set());
    const fresh = new Set(runs.filter((r) => r.freshProcesses).map((r) => r.runId));
    out.jobs.push(...jobs.map((j) => ({ ...j, family, fresh_processes: fresh.has(j.run_id) })));
    out.folds.push({
      family,
      workloads: [...heldOut].sort(),
      fitted_runs: fitRuns.length,
      predicted_runs: runs.length,
    });
    onFold?.();
  }
  return out;
}

/** Per run and fold: the run's total throughput, predicted against measured (percent), for jobs that trained. */
export function aggregateErrors(jobs: readonly UnseenJob[]): { mode: string; error_pct: number }[] {
  const byRun = new Map<string, UnseenJob[]>();
  for (const j of jobs)
    byRun.set(`${j.family}\u0000${j.run_id}`, [...(byRun.get(`${j.family}\u0000${j.run_id}`) ?? []), j]);
  return [...byRun.values()].flatMap((rows) => {
    const trained = rows.filter((j) => j.error_pct !== null);
    if (trained.length === 0) return [];
    const predicted = trained.reduce((s, j) => s + j.predicted_img_s!, 0);
    const measuredSum = trained.reduce((s, j) => s + j.measured_img_s!, 0);
    return [{ mode: rows[0].mode, error_pct: ((predicted - measuredSum) / measuredSum) * 100 }];
  });
}
