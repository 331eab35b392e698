/**
 * `colloc calibrate-a100`: build the A100 set from MISO's A100 MIG times and a transfer of the H200 set. By
 * default it reads the MISO copy shipped with the A100 set and writes a new folder, never the shipped set.
 */
import type { Command } from "commander";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildA100Set, MISO_FILE } from "../../calibration/a100/build.ts";
import { loadCalibrationSet, resolveSetDir, writeCalibrationSet } from "../../calibration/set.ts";
import { InputError } from "../../sim/input-error.ts";
import { formatTable } from "../table.ts";

/** The MISO CSV shipped in calibration/data/a100/, wherever the command runs from. */
const MISO_SHIPPED = `calibration/data/a100/${MISO_FILE}`;
const OUT_DEFAULT = "calibration-set-a100";

export function registerCalibrateA100(program: Command): void {
  program
    .command("calibrate-a100")
    .description(
      "build the A100-SXM4-40GB set: MISO's MIG slice speeds plus the study's workloads transferred from H200",
    )
    .option("--miso <csv>", "MISO A100 MIG iteration times", MISO_SHIPPED)
    .option("--from <set>", "calibration set to transfer the workloads from", "h200")
    .option("--out <setdir>", "calibration set folder to write", OUT_DEFAULT)
    .action((options: { miso: string; from: string; out: string }) => {
      const file = options.miso === MISO_SHIPPED ? join(resolveSetDir("a100"), MISO_FILE) : options.miso;
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        throw new InputError(options.miso, "", "a readable MISO CSV file");
      }
      const command = `colloc calibrate-a100 --miso ${options.miso} --from ${options.from} --out ${options.out}`;
      const { set, files } = buildA100Set(text, options.miso, loadCalibrationSet(options.from), command);
      writeCalibrationSet(options.out, set, files);
      const slices = set.migSlices!;
      const rows = slices.heldOut.map((s) => [
        `leave-one-${s.validation}-out`,
        s.heldOut,
        s.groups,
        s.count,
        s.mapePct.toFixed(1),
        s.medianApePct.toFixed(1),
      ]);
      process.stdout.write(`MIG slice model: global memory-bound share ${slices.memoryShare.toFixed(2)}\n`);
      process.stdout.write(
        formatTable(["validation", "held out", "groups", "n", "MAPE %", "median APE %"], rows),
      );
      for (const [key, e] of Object.entries(set.fitErrors).filter(([k]) => k.startsWith("transfer."))) {
        process.stdout.write(`${key}: ${e.value.toFixed(1)}% (${e.metric})\n`);
      }
      process.stdout.write(
        `wrote ${options.out} (${Object.keys(set.workloads).length} transferred workloads)\n`,
      );
    });
}
