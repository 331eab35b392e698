/** `colloc calibrate DIR [--base SET] [--out SETDIR]`: fit a calibration set, or add workloads to a copy of one. */
import type { Command } from "commander";
import { calibrate } from "../../calibration/calibrate.ts";
import { loadDataset } from "../../calibration/dataset.ts";
import { extendSet } from "../../calibration/extend.ts";
import { isSetFile, loadCalibrationSet, resolveSetDir, writeCalibrationSet } from "../../calibration/set.ts";
import { checkOutFolder } from "../../io/write-folder.ts";
import { formatTable } from "../table.ts";
import { stderrLine } from "../terminal.ts";

export function registerCalibrate(program: Command): void {
  program
    .command("calibrate")
    .description(
      "fit workload profiles and sharing-model parameters from an ingested dataset (colloc ingest --out); with " +
        "--base, add the dataset's workloads to a copy of a set, keeping its sharing parameters",
    )
    .argument("<dir>", "ingested Arrow folder")
    .option(
      "--base <set>",
      "calibration set (shipped name or folder) whose sharing parameters and workloads to keep (its sharing " +
        "parameters alone when the dataset is of another GPU)",
    )
    .option("--out <setdir>", "calibration set folder to write", "calibration-set")
    .option("--json", "print the fitted parameters as one JSON object")
    .action((dir: string, options: { base?: string; out: string; json?: boolean }) => {
      const base = options.base;
      const command = ["colloc calibrate", dir, ...(base ? ["--base", base] : []), "--out", options.out].join(
        " ",
      );
      checkOutFolder(options.out, isSetFile);
      const ds = loadDataset(dir);
      const from =
        base === undefined
          ? undefined
          : { name: base, dir: resolveSetDir(base), set: loadCalibrationSet(base) };
      const extension = from ? extendSet(from, ds, command) : undefined;
      const { set, tables } = extension ?? calibrate(ds, command);
      writeCalibrationSet(options.out, set, tables);
      // With --base, what this dataset brought: the base's own workloads, skips and warnings were its own.
      const baseSet = from?.set;
      const workloads = Object.values(set.workloads).filter((w) => baseSet?.workloads[w.id] !== w);
      const skipped = set.skipped.filter((s) => !baseSet?.skipped.includes(s));
      const warnings = extension?.warnings ?? set.warnings;
      if (options.json) {
        const added = from ? { base: set.provenance.base, added: workloads.map((w) => w.id) } : {};
        process.stdout.write(
          `${JSON.stringify({ out: options.out, ...added, sharing: set.sharing, fitErrors: set.fitErrors, skipped, warnings })}\n`,
        );
        return;
      }
      const rows = workloads.map((w) => [
        w.id,
        w.stepTimeS.toFixed(4),
        w.busyFraction.toFixed(2),
        w.smCurve.alpha.toFixed(2),
        (w.memoryBytes / 2 ** 30).toFixed(1),
        (set.fitErrors[`workloads.${w.id}.smCurve`]?.value ?? NaN).toFixed(1),
        w.startupS === undefined ? "-" : w.startupS.toFixed(1),
      ]);
      process.stdout.write(
        formatTable(["workload", "step s", "busy", "alpha", "mem GiB", "curve rmse %", "start-up s"], rows),
      );
      for (const s of skipped) process.stdout.write(`not profiled: ${s.workload}: ${s.reason}\n`);
      for (const w of warnings) stderrLine(`warning: ${w}`);
      if (from) {
        const keptCount = Object.keys(set.workloads).length - workloads.length;
        const what = extension?.keptWorkloads
          ? `its sharing parameters and ${keptCount} workload(s)`
          : `its sharing parameters, fitted on ${from.set.gpu.name} (this set is ${set.gpu.name}'s)`;
        process.stdout.write(
          `kept from ${from.name}: ${what} (${from.set.provenance.command}, ${from.set.provenance.date})\n`,
        );
      } else
        for (const [name, value] of Object.entries(set.sharing)) process.stdout.write(`${name}: ${value}\n`);
      process.stdout.write(
        `wrote ${options.out} (${Object.keys(set.workloads).length} workloads, ${set.provenance.runs.length} runs)\n`,
      );
    });
}
