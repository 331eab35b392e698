/** `colloc report RESULTS_DIR [--out FILE]`: one self-contained HTML page of a run, sweep or validation folder. */
import type { Command } from "commander";
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeFileWhole } from "../../io/write-file.ts";
import { isReport, renderReport, REPORT_FILE } from "../../report/html.ts";
import { errnoText } from "../../calibration/ingest/read-file.ts";
import { InputError } from "../../sim/input-error.ts";
import { readResults } from "../../report/results.ts";
import type { Register } from "./index.ts";

export const registerReport: Register = (program: Command) => {
  program
    .command("report")
    .description("write a self-contained HTML report (summary tables, charts as SVG) of a results folder")
    .argument("<results_dir>", "output folder of colloc run, colloc sweep or colloc validate")
    .option("--out <file>", "where to write the HTML (default: RESULTS_DIR/report.html)")
    .action(async (dir: string, options: { out?: string }) => {
      const html = await renderReport(readResults(dir));
      const out = options.out ?? join(dir, REPORT_FILE);
      refuseStranger(out);
      writeFileWhole(out, html);
      process.stdout.write(`${out}\n`);
    });
};

/** An existing file at `out` is replaced only if it is an earlier report: a mistyped `--out` never eats a file. */
function refuseStranger(out: string): void {
  if (out.trim() === "") throw new InputError("--out", "", "a file path", out);
  if (!statSync(out, { throwIfNoEntry: false })?.isFile()) return;
  // The tag stands in the page's head: its first kilobytes tell, however large the file is.
  const head = Buffer.alloc(4096);
  let n: number;
  try {
    const fd = openSync(out, "r");
    try {
      n = readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    // A file it cannot read, it cannot tell from a report: left as it is.
    throw new InputError(out, "", "a new file or an earlier report of colloc report", errnoText(error));
  }
  if (!isReport(head.subarray(0, n).toString("utf8")))
    throw new InputError(out, "", "a new file or an earlier report of colloc report (it is another file)");
}
