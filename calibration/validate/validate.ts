/**
 * `colloc validate` as a library call: measured runs + a calibration set -> comparison, summary, files.
 * Depends on the models' side of calibration/: measured.ts (`measuredRuns`: what each run measured, in the
 * models' units) and predict.ts (`predictRun(set, RunDescription) -> PredictedRun`, procs in input order).
 */
import { tableToIPC } from "apache-arrow";
import { join } from "node:path";
import { loadScenario } from "../../sim/cluster/scenario/resolve.ts";
import type { JobRow } from "../ingest/tables.ts";
import { compareReplay, type CompletionComparison } from "./live-replay.ts";
import { firstStepEndS, replayJobSteps } from "../replay-steps.ts";
import { REPORT_FILE } from "../../report/html.ts";
import { renderSvg } from "../../report/svg.ts";
import { toArrowTable } from "../ingest/arrow-table.ts";
import { ingestRuns } from "../ingest/ingest.ts";
import { readInputText } from "../ingest/read-file.ts";
import { measuredRuns, type MeasuredRun } from "../measured.ts";
import { predictRun } from "../predict.ts";
import type { CalibrationSet } from "../set.ts";
import type { NamedMpsModel } from "../../sim/sharing/index.ts";
import { predictedVsMeasuredChart } from "./chart.ts";
import { heldOutSmPoints } from "./held-out-sm.ts";
import { leaveModelsOut, type LeaveModelsOut } from "./leave-models-out.ts";
import { compareRuns, type Comparison, type Predict } from "./compare.ts";
import { summarize, type ValidationSummary } from "./summary.ts";
import { COMPLETION_COMPARISON, JOB_COMPARISON, RUN_COMPARISON, UNSEEN_COMPARISON } from "./tables.ts";

export interface Validation {
  comparison: Comparison;
  /** Leave-models-out predictions (when asked for). */
  unseen?: LeaveModelsOut;
  /** Live replays: each job's completion time, simulated against measured. */
  completions: CompletionComparison[];
  summary: ValidationSummary;
}

/** A live replay run: the scenario it ran (the copy in its folder) and what each job did. */
export interface MeasuredReplay {
  runId: string;
  sharing: string;
  validation: boolean;
  usable: boolean;
  scenarioFile: string;
  jobs: JobRow[];
  /** When each job's first step ended, seconds since the replay start, by job id. */
  firstStepEndS: Map<string, number>;
}

export interface MeasuredFolders {
  measured: MeasuredRun[];
  replays: MeasuredReplay[];
  /** The folder each run id came from, for messages. */
  folderOf: (runId: string) => string;
}

/** Ingest run folders in memory (same checks as `colloc ingest`) and read what each run measured. */
export function measureFolders(
  folders: readonly string[],
  onRun?: () => void,
  /** The calibration set's GPU (catalog name): of runs of several GPUs, one of another is named. */
  gpu?: string,
): MeasuredFolders {
  const advice =
    "validate compares a set with runs of one GPU; give the runs of each GPU to a set of that GPU";
  const { rows, reports } = ingestRuns(folders, { onRun, oneGpu: { of: gpu, advice } });
  const folderById = new Map(reports.map((r) => [r.run_id, r.folder]));
  const folderOf = (id: string) => folderById.get(id) ?? id;
  // measuredRuns (calibration/measured.ts) reads a Dataset; the in-memory tables have the same rows.
  const measured = measuredRuns({ dir: "", ...rows });
  const replayed = measured.filter((m) => m.mode === "replay");
  const steps = replayJobSteps(rows.steps, new Set(replayed.map((m) => m.runId)));
  const replays = replayed.map((m) => {
    const run = rows.runs.find((r) => r.run_id === m.runId)!;
    const jobs = rows.jobs.filter((j) => j.run_id === m.runId);
    const started = jobs.flatMap((j) => {
      const end = firstStepEndS(run, steps.get(m.runId)?.get(j.proc) ?? []);
      return end === undefined ? [] : [[j.job, end] as const];
    });
    return {
      runId: m.runId,
      sharing: run.sharing ?? "exclusive",
      validation: m.validation,
      usable: m.usable,
      scenarioFile: join(folderOf(m.runId), "scenario.yaml"),
      jobs,
      firstStepEndS: new Map(started),
    };
  });
  return { measured, replays, folderOf };
}

/** Simulate each usable replay's scenario with `set` and compare job completion times. */
export function validateReplays(
  set: CalibrationSet,
  replays: readonly MeasuredReplay[],
  mps?: NamedMpsModel,
): CompletionComparison[] {
  return replays
    .filter((r) => r.usable)
    .flatMap((r) => {
      const input = loadScenario(readScenarioText(r.scenarioFile), {
        file: r.scenarioFile,
        calibration: () => set,
        readText: readScenarioText,
      });
      return compareReplay(r.runId, r.sharing, input, r.jobs, r.firstStepEndS, mps ? { mps } : {});
    });
}

function readScenarioText(file: string): string {
  return readInputText(file, "the scenario a live replay ran (the profiler copies it there)", "input_mb");
}

export function validateRuns(
  set: CalibrationSet,
  measured: readonly MeasuredRun[],
  options: {
    validationOnly?: boolean;
    folderOf?: (runId: string) => string;
    /** Live replays to simulate and compare (measureFolders finds them). */
    replays?: readonly MeasuredReplay[];
    /** Also refit the sharing parameters with each model family held out and predict its runs; `onFold` ticks. */
    leaveModelsOut?: boolean;
    onFold?: () => void;
    /** Another model of MPS co-runners on the whole GPU (sim/replay's replayMps), and its name. */
    mps?: NamedMpsModel;
  } = {},
  predict: Predict = (run) => predictRun(set, run, set.sharing, options.mps?.model),
): Validation {
  const validationOnly = options.validationOnly ?? false;
  const inScope = (r: { validation: boolean }) => !validationOnly || r.validation;
  // Live replays are judged by completion times (validateReplays), not by a shared measurement window.
  // A live replay that is not whole goes with the runs, which skip it saying why.
  const runs = measured.filter((r) => (r.mode !== "replay" || !r.usable) && inScope(r));
  const replays = (options.replays ?? []).filter(inScope);
  const comparison = compareRuns(runs, predict, new Set(set.provenance.runs), {
    sourceOf: options.folderOf,
    unprofiled: new Map(set.skipped.map((s) => [s.workload, s.reason])),
  });
  for (const r of replays)
    if (r.usable && r.jobs.length === 0)
      comparison.skipped.push({ run_id: r.runId, reason: "a live replay whose jobs.jsonl records no job" });
  const completions = validateReplays(set, replays, options.mps);
  const unseen = options.leaveModelsOut
    ? leaveModelsOut(set, measured, options.onFold, options.mps?.model)
    : undefined;
  const summary = summarize(
    comparison,
    { gpu: set.gpu.name, fitted_runs: set.provenance.runs.length },
    validationOnly,
    heldOutSmPoints(set).map((p) => p.errorPct),
    completions,
    unseen,
    options.mps?.name,
  );
  return { comparison, completions, summary, ...(unseen === undefined ? {} : { unseen }) };
}

export const CHART_NAME = "predicted-vs-measured";

/**
 * Every file `validationFiles` writes (unseen.arrow only when models were left out), and the report made of them
 * (`colloc report`): what `--out` may already hold.
 */
const VALIDATION_FILES: ReadonlySet<string> = new Set([
  "jobs.arrow",
  "runs.arrow",
  "completions.arrow",
  "unseen.arrow",
  "summary.json",
  `${CHART_NAME}.vl.json`,
  `${CHART_NAME}.svg`,
  REPORT_FILE,
]);
export const isValidationFile = (name: string): boolean => VALIDATION_FILES.has(name);

/** The output folder's files: tables, summary, the chart's spec (reading jobs.arrow) and its SVG. */
export async function validationFiles(v: Validation): Promise<Map<string, string | Uint8Array>> {
  const jobs = v.comparison.jobs;
  const svg = await renderSvg(predictedVsMeasuredChart(jobs, { values: jobs }), CHART_NAME);
  const spec = predictedVsMeasuredChart(jobs, { url: "jobs.arrow" });
  return new Map<string, string | Uint8Array>([
    ["jobs.arrow", tableToIPC(toArrowTable(JOB_COMPARISON, jobs), "file")],
    ["runs.arrow", tableToIPC(toArrowTable(RUN_COMPARISON, v.comparison.runs), "file")],
    ["completions.arrow", tableToIPC(toArrowTable(COMPLETION_COMPARISON, v.completions), "file")],
    ...(v.unseen === undefined
      ? []
      : ([["unseen.arrow", tableToIPC(toArrowTable(UNSEEN_COMPARISON, v.unseen.jobs), "file")]] as const)),
    ["summary.json", `${JSON.stringify(v.summary, null, 2)}\n`],
    [`${CHART_NAME}.vl.json`, `${JSON.stringify(spec, null, 2)}\n`],
    [`${CHART_NAME}.svg`, svg],
  ]);
}
