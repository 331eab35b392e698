/**
 * `colloc validate` as a library call: measured runs + a calibration set -> comparison, summary, files.
 * Depends on the models' side of calibration/: measured.ts (`measuredRuns`: what each run measured, in the
 * models' units) and predict.ts (`predictRun(set, RunDescription) -> PredictedRun`, procs in input order).
 */
import { tableToIPC } from "apache-arrow";
import { renderSvg } from "../../report/svg.ts";
import { toArrowTable } from "../ingest/arrow-table.ts";
import { ingestRuns } from "../ingest/ingest.ts";
import { measuredRuns, type MeasuredRun } from "../measured.ts";
import { predictRun } from "../predict.ts";
import type { CalibrationSet } from "../set.ts";
import { predictedVsMeasuredChart } from "./chart.ts";
import { heldOutSmPoints } from "./held-out-sm.ts";
import { compareRuns, type Comparison, type Predict } from "./compare.ts";
import { summarize, type ValidationSummary } from "./summary.ts";
import { JOB_COMPARISON, RUN_COMPARISON } from "./tables.ts";

export interface Validation {
  comparison: Comparison;
  summary: ValidationSummary;
}

export interface MeasuredFolders {
  measured: MeasuredRun[];
  /** The folder each run id came from, for messages. */
  folderOf: (runId: string) => string;
}

/** Ingest run folders in memory (same checks as `colloc ingest`) and read what each run measured. */
export function measureFolders(folders: readonly string[], onRun?: () => void): MeasuredFolders {
  const { rows, reports } = ingestRuns(folders, { onRun });
  const folderById = new Map(reports.map((r) => [r.run_id, r.folder]));
  // measuredRuns (calibration/measured.ts) reads a Dataset; the in-memory tables have the same rows.
  return { measured: measuredRuns({ dir: "", ...rows }), folderOf: (id) => folderById.get(id) ?? id };
}

export function validateRuns(
  set: CalibrationSet,
  measured: readonly MeasuredRun[],
  options: { validationOnly?: boolean; folderOf?: (runId: string) => string } = {},
  predict: Predict = (run) => predictRun(set, run),
): Validation {
  const validationOnly = options.validationOnly ?? false;
  const runs = validationOnly ? measured.filter((r) => r.validation) : measured;
  const comparison = compareRuns(runs, predict, new Set(set.provenance.runs), {
    sourceOf: options.folderOf,
    unprofiled: new Map(set.skipped.map((s) => [s.workload, s.reason])),
  });
  const summary = summarize(
    comparison,
    { gpu: set.gpu.name, fitted_runs: set.provenance.runs.length },
    validationOnly,
    heldOutSmPoints(set).map((p) => p.errorPct),
  );
  return { comparison, summary };
}

export const CHART_NAME = "predicted-vs-measured";

/** The output folder's files: tables, summary, the chart's spec (reading jobs.arrow) and its SVG. */
export async function validationFiles(v: Validation): Promise<Map<string, string | Uint8Array>> {
  const jobs = v.comparison.jobs;
  const svg = await renderSvg(predictedVsMeasuredChart(jobs, { values: jobs }), CHART_NAME);
  const spec = predictedVsMeasuredChart(jobs, { url: "jobs.arrow" });
  return new Map<string, string | Uint8Array>([
    ["jobs.arrow", tableToIPC(toArrowTable(JOB_COMPARISON, jobs), "file")],
    ["runs.arrow", tableToIPC(toArrowTable(RUN_COMPARISON, v.comparison.runs), "file")],
    ["summary.json", `${JSON.stringify(v.summary, null, 2)}\n`],
    [`${CHART_NAME}.vl.json`, `${JSON.stringify(spec, null, 2)}\n`],
    [`${CHART_NAME}.svg`, svg],
  ]);
}
