/**
 * Rule G's tests (docs/calibration.md): rule R7 on zoo28 and rule G2 on zoo29 judge the default blend (the replay's
 * weight from `replayWeight`) against the even blend (weight 1/2 in every mix) on a zoo's plain-MPS validation runs of
 * the H200 dataset, predicted by the shipped H200 set. This works out the four MPS models' figures there: the fast
 * model, the replay, the even blend and rule G's.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ingestDataset } from "../../calibration/dataset.ts";
import { measuredRuns } from "../../calibration/measured.ts";
import { loadCalibrationSet, resolveSetDir } from "../../calibration/set.ts";
import { loadTraces } from "../../calibration/traces.ts";
import { aggregateErrors } from "../../calibration/validate/leave-models-out.ts";
import { errorStats } from "../../calibration/validate/summary.ts";
import { validateRuns } from "../../calibration/validate/validate.ts";
import { blendMps, replayMps } from "../../sim/replay/index.ts";
import type { NamedMpsModel } from "../../sim/sharing/index.ts";
import { errors, jobsOf, mape, type Job } from "./other-gpu-check.ts";

export const H200_RUNS = "calibration/data/h200-runs";

/** The four MPS models, in the order docs/calibration.md tabulates them. */
export const MODELS = ["fast", "replay", "even blend", "rule G blend"] as const;
export type ModelName = (typeof MODELS)[number];

/** A model's figures over the runs (percent). */
export interface Figures {
  perJob: number;
  maxJob: number;
  /** Per run: its jobs' summed throughput, predicted against measured. */
  runTotals: number;
}

export interface BlendRuleRuns {
  runIds: string[];
  /** The plan groups (manifest `experiment`) the runs came from, each once. */
  experiments: string[];
  jobs: number;
  figures: Record<ModelName, Figures>;
}

function figuresOf(jobs: Job[]): Figures {
  // aggregateErrors sums per fold and run; these jobs were all predicted with the shipped parameters: one fold.
  const totals = aggregateErrors(jobs.map((j) => ({ ...j, family: "", fresh_processes: false })));
  return {
    perJob: mape(jobs),
    maxJob: Math.max(...errors(jobs)),
    runTotals: errorStats(totals.map((r) => r.error_pct)).mean_abs!,
  };
}

/**
 * The plain-MPS validation runs of `runsDir` whose run id matches `runIds`, predicted by the shipped H200 set with
 * each MPS model (as `colloc validate --set h200 --against RUNS --no-leave-models-out --mps-model M` would). Only the
 * folders whose names match are read: the profiler names a run's folder by its run id. A pattern may match older
 * runs too (/vgg19/ matches zoo25's and zoo27's vgg19_bn mixes): `experiments` says which plan groups it took.
 */
export function blendRuleRuns(runIds: RegExp, runsDir = H200_RUNS): BlendRuleRuns {
  const folders = readdirSync(runsDir)
    .filter((f) => runIds.test(f))
    .map((f) => join(runsDir, f));
  const dataset = ingestDataset(folders);
  const runs = measuredRuns(dataset).filter((r) => r.mode === "mps" && r.validation && runIds.test(r.runId));
  const ids = new Set(runs.map((r) => r.runId));
  const set = loadCalibrationSet("h200");
  const traces = loadTraces(resolveSetDir("h200"));
  const models: Record<ModelName, NamedMpsModel | undefined> = {
    fast: undefined,
    replay: { name: "replay", model: replayMps(traces) },
    "even blend": { name: "even blend", model: blendMps(traces, () => 0.5) },
    "rule G blend": { name: "blend", model: blendMps(traces) },
  };
  const jobs = (name: ModelName) => {
    const mps = models[name];
    return jobsOf(validateRuns(set, runs, { validationOnly: true, ...(mps && { mps }) }), "mps");
  };
  const byModel = MODELS.map((name) => [name, jobs(name)] as const);
  return {
    runIds: [...ids].sort(),
    experiments: [...new Set(dataset.runs.filter((r) => ids.has(r.run_id)).map((r) => r.experiment))],
    jobs: byModel[0][1].length,
    figures: Object.fromEntries(byModel.map(([name, js]) => [name, figuresOf(js)])) as Record<
      ModelName,
      Figures
    >,
  };
}

/**
 * Rule R7 on rule G: the rule-G blend stays only if its per-job MAPE is at most 0.5 point above the even blend's (the
 * form it replaced).
 */
export const ruleR7Holds = (f: BlendRuleRuns["figures"]): boolean =>
  f["rule G blend"].perJob <= f["even blend"].perJob + 0.5;

/** The figures as docs/calibration.md tabulates them, one line a model, for a test's log. */
export const figuresTable = (f: BlendRuleRuns["figures"]): string =>
  [
    "| model | per job | max job | run totals |",
    ...MODELS.map(
      (m) =>
        `| ${m} | ${f[m].perJob.toFixed(2)} % | ${f[m].maxJob.toFixed(1)} % | ${f[m].runTotals.toFixed(2)} % |`,
    ),
  ].join("\n");
