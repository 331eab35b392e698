/** `colloc validate --set DIR --against RUNS...`: a calibration set's predictions against measured runs. */
import type { Command } from "commander";
import { findRunFolders } from "../../calibration/ingest/discover.ts";
import { checkOutFolder, writeFolder } from "../../io/write-folder.ts";
import { InputError } from "../../sim/input-error.ts";
import { loadCalibrationSet, resolveSetDir } from "../../calibration/set.ts";
import {
  measureFolders,
  validateRuns,
  validationFiles,
  isValidationFile,
  type Validation,
} from "../../calibration/validate/validate.ts";
import type { ErrorStats, OomCounts } from "../../calibration/validate/summary.ts";
import type { CopySpreads } from "../../calibration/validate/copy-spread.ts";
import { foldCount as leaveModelsOutFolds } from "../../calibration/validate/leave-models-out.ts";
import { mpsModelOf, withMpsModelOption } from "../mps-model.ts";
import { progress } from "../progress.ts";
import { formatTable, type Cell } from "../table.ts";
import type { Register } from "./index.ts";

interface ValidateFlags {
  set: string;
  against: string[];
  out?: string;
  json?: boolean;
  validationOnly?: boolean;
  leaveModelsOut: boolean;
  mpsModel: string;
}

const fixed = (x: number | null, digits: number) => (x === null ? null : x.toFixed(digits));

function printText(v: Validation): void {
  const jobs: Cell[][] = v.comparison.jobs.map((j) => [
    j.workload,
    j.mode,
    j.co_runners,
    fixed(j.predicted_img_s, 1),
    fixed(j.measured_img_s, 1),
    j.error_pct === null ? (j.measured_oom || j.predicted_oom ? "oom" : null) : j.error_pct.toFixed(1),
  ]);
  process.stdout.write(
    formatTable(["workload", "mode", "co-runners", "predicted", "measured", "error %"], jobs),
  );
  const s = v.summary;
  const modes = Object.entries(s.throughput).map(([mode, e]) => [
    mode,
    e.n,
    fixed(e.mean_abs, 2),
    fixed(e.max_abs, 2),
    fixed(e.mean, 2),
  ]);
  process.stdout.write(
    `\n${formatTable(["mode", "jobs", "MAPE %", "max |error| %", "mean error %"], modes)}`,
  );
  printCopySpreads(s.copy_spread, "");
  if (s.mps_model !== "fast")
    process.stdout.write(
      `MPS co-runners on a whole GPU predicted by the ${s.mps_model} model where it answers\n`,
    );
  const line = (
    name: string,
    e: { mean_abs: number | null; max_abs: number | null; n: number },
    unit: string,
  ) =>
    `${name}: mean |error| ${fixed(e.mean_abs, 2) ?? "-"} ${unit}, max ${fixed(e.max_abs, 2) ?? "-"} ${unit} over ${e.n} run(s)\n`;
  process.stdout.write(`\n${line("utilization", s.utilization_pp, "pp")}`);
  process.stdout.write(line("SM activity", s.sm_activity_pp, "pp"));
  process.stdout.write(line("memory", s.memory_pct, "%"));
  process.stdout.write(line("power", s.power_pct, "%"));
  const oom = (unit: string, o: OomCounts) =>
    `out of memory (${unit}): ${o.measured} measured, ${o.predicted} predicted, ${o.missed} missed, ${o.false_alarms} false alarm(s)\n`;
  process.stdout.write(oom("runs", s.oom.runs) + oom("processes", s.oom.procs));
  const held = s.sm_curve_held_out_pct;
  process.stdout.write(
    `SM curve, each point left out in turn: step time MAPE ${fixed(held.mean_abs, 2) ?? "-"} % over ${held.n} point(s)\n`,
  );
  printCompletions(v);
  printUnseen(v);
  for (const k of s.skipped) process.stdout.write(`skipped ${k.run_id}: ${k.reason}\n`);
}

/** The floor copies measured apart put under the largest error, per mode with copies (copy-spread.ts). */
function printCopySpreads(spreads: Record<string, CopySpreads>, label: string): void {
  for (const [mode, { widest }] of Object.entries(spreads)) {
    if (widest === null) continue;
    const { copies, workload, run_id, slowest_img_s, fastest_img_s, floor_pct } = widest;
    process.stdout.write(
      `${label}${mode}: ${copies} copies of ${workload} in ${run_id} measured ${slowest_img_s.toFixed(1)}-${fastest_img_s.toFixed(1)} img/s: ` +
        `any one speed for all of them misses one by ${floor_pct.toFixed(1)} % or more\n`,
    );
  }
}

function printCompletions(v: Validation): void {
  if (v.completions.length === 0) return;
  const rows: Cell[][] = v.completions.map((c) => [
    c.run_id,
    c.job,
    c.workload,
    c.arrival_s,
    fixed(c.predicted_s, 1) ?? c.predicted_outcome,
    fixed(c.measured_s, 1) ?? c.measured_outcome,
    fixed(c.error_pct, 1),
    fixed(c.training_error_pct, 1),
  ]);
  const header = [
    "live replay",
    "job",
    "workload",
    "arrival s",
    "predicted s",
    "measured s",
    "error %",
    "training error %",
  ];
  process.stdout.write(`\n${formatTable(header, rows)}`);
  const line = (
    what: string,
    e: { median_abs: number | null; mean_abs: number | null; max_abs: number | null },
  ) =>
    `median |error| ${fixed(e.median_abs, 2) ?? "-"} %, mean ${fixed(e.mean_abs, 2) ?? "-"} %, max ${fixed(e.max_abs, 2) ?? "-"} % (${what})`;
  const { runs, completion_pct, training_pct } = v.summary.live_replays;
  process.stdout.write(
    `live replays (${runs}): completion time ${line("arrival to finish", completion_pct)}\n` +
      `live replays (${runs}): training time ${line("first step's end to finish, start-up aside", training_pct)}\n`,
  );
}

function printUnseen(v: Validation): void {
  const u = v.summary.unseen;
  if (u === null) return;
  const rows: Cell[][] = Object.entries(u.throughput).map(([mode, e]) => [
    mode,
    e.n,
    fixed(e.mean_abs, 2),
    fixed(e.max_abs, 2),
    fixed(u.aggregate_pct[mode]?.mean_abs ?? null, 2),
    u.by_processes.fresh[mode]?.n ?? 0,
    fixed(u.by_processes.fresh[mode]?.mean_abs ?? null, 2),
    u.by_processes.reused[mode]?.n ?? 0,
    fixed(u.by_processes.reused[mode]?.mean_abs ?? null, 2),
  ]);
  const header = [
    "unseen models: mode",
    "jobs",
    "MAPE %",
    "max |error| %",
    "run total MAPE %",
    "fresh: jobs",
    "MAPE %",
    "reused: jobs",
    "MAPE %",
  ];
  process.stdout.write(`\n${formatTable(header, rows)}`);
  const { copies, mixes } = u.by_co_runners;
  const split = (e: ErrorStats | undefined): Cell[] => [
    e?.n ?? 0,
    fixed(e?.mean_abs ?? null, 2),
    fixed(e?.mean ?? null, 2),
  ];
  const byCoRunners: Cell[][] = Object.keys(u.throughput).map((mode) => [
    mode,
    ...split(copies[mode]),
    ...split(mixes[mode]),
  ]);
  const splitHeader = [
    "unseen models: mode",
    "copies only: jobs",
    "MAPE %",
    "mean error %",
    "mixes: jobs",
    "MAPE %",
    "mean error %",
  ];
  process.stdout.write(formatTable(splitHeader, byCoRunners));
  const folds = u.folds.map((f) => `${f.family} (${f.predicted_runs} runs, fit on ${f.fitted_runs})`);
  process.stdout.write(`leave-models-out folds: ${folds.join("; ")}\n`);
  printCopySpreads(u.copy_spread.fresh, "unseen models, fresh processes, ");
  printCopySpreads(u.copy_spread.reused, "unseen models, reused workers, ");
}

export const registerValidate: Register = (program: Command) => {
  const command = program
    .command("validate")
    .description("compare a calibration set's predictions with measured runs, job by job")
    .requiredOption("--set <dir>", "calibration set folder or shipped set name")
    .requiredOption("--against <runs...>", "run folders, or folders holding run folders")
    .option("--out <dir>", "write jobs.arrow, runs.arrow, summary.json and the chart (spec and SVG) there")
    .option("--json", "print the summary as one JSON object (its mape field: mode -> percent)")
    .option("--validation-only", "compare only the runs the profiler marked as the validation subset")
    .option(
      "--no-leave-models-out",
      "skip refitting the sharing parameters with each model family held out (mape_unseen, jobs_unseen)",
    );
  withMpsModelOption(command).action(async (flags: ValidateFlags) => {
    const set = loadCalibrationSet(flags.set);
    if (flags.out !== undefined) checkOutFolder(flags.out, isValidationFile);
    const mps = mpsModelOf(flags.mpsModel, () => resolveSetDir(flags.set));
    const folders = findRunFolders(flags.against);
    const bar = progress("validate", folders.length, flags);
    const { measured, replays, folderOf } = measureFolders(folders, () => bar.tick(), set.gpu.name);
    bar.stop();
    const folds = flags.leaveModelsOut ? leaveModelsOutFolds(set, measured) : 0;
    const foldBar = progress("leave models out", folds, flags);
    const validation = validateRuns(set, measured, {
      validationOnly: flags.validationOnly,
      folderOf,
      replays,
      leaveModelsOut: flags.leaveModelsOut,
      onFold: () => foldBar.tick(),
      mps,
    });
    foldBar.stop();
    const { comparison, completions } = validation;
    if (comparison.runs.length === 0 && completions.length === 0) {
      const first = comparison.skipped[0];
      const why =
        first === undefined
          ? "none was found"
          : `all ${comparison.skipped.length} were skipped (${first.run_id}: ${first.reason})`;
      throw new InputError(flags.against.join(" "), "", `a run the set can be compared with; ${why}`);
    }
    if (flags.out !== undefined) writeFolder(flags.out, await validationFiles(validation), isValidationFile);
    if (flags.json) process.stdout.write(`${JSON.stringify(validation.summary)}\n`);
    else printText(validation);
  });
};
