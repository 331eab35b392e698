/** `colloc calibrate DIR [--out SETDIR]`: fit a calibration set from an ingested dataset. */
import type { Command } from "commander";
import { calibrate } from "../../calibration/calibrate.ts";
import { loadDataset } from "../../calibration/dataset.ts";
import { writeCalibrationSet } from "../../calibration/set.ts";
import { formatTable } from "../table.ts";

export function registerCalibrate(program: Command): void {
  program
    .command("calibrate")
    .description(
      "fit workload profiles and sharing-model parameters from an ingested dataset (colloc ingest --out)",
    )
    .argument("<dir>", "ingested Arrow folder")
    .option("--out <setdir>", "calibration set folder to write", "calibration-set")
    .option("--json", "print the fitted parameters as one JSON object")
    .action((dir: string, options: { out: string; json?: boolean }) => {
      const command = ["colloc calibrate", dir, "--out", options.out].join(" ");
      const { set, tables } = calibrate(loadDataset(dir), command);
      writeCalibrationSet(options.out, set, tables);
      if (options.json) {
        process.stdout.write(
          `${JSON.stringify({ out: options.out, sharing: set.sharing, fitErrors: set.fitErrors, warnings: set.warnings })}\n`,
        );
        return;
      }
      const rows = Object.values(set.workloads).map((w) => [
        w.id,
        w.stepTimeS.toFixed(4),
        w.busyFraction.toFixed(2),
        w.smCurve.alpha.toFixed(2),
        (w.memoryBytes / 2 ** 30).toFixed(1),
        (set.fitErrors[`workloads.${w.id}.smCurve`]?.value ?? NaN).toFixed(1),
      ]);
      process.stdout.write(
        formatTable(["workload", "step s", "busy", "alpha", "mem GiB", "curve rmse %"], rows),
      );
      for (const s of set.skipped) process.stdout.write(`not profiled: ${s.workload}: ${s.reason}\n`);
      for (const w of set.warnings) process.stderr.write(`warning: ${w}\n`);
      for (const [name, value] of Object.entries(set.sharing)) process.stdout.write(`${name}: ${value}\n`);
      process.stdout.write(
        `wrote ${options.out} (${Object.keys(set.workloads).length} workloads, ${set.provenance.runs.length} runs)\n`,
      );
    });
}
