/** `colloc report RESULTS_DIR [--out FILE]`: one self-contained HTML page of a run, sweep or validation folder. */
import type { Command } from "commander";
import { join } from "node:path";
import { writeFileWhole } from "../../io/write-file.ts";
import { renderReport, REPORT_FILE } from "../../report/html.ts";
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
      writeFileWhole(out, html);
      process.stdout.write(`${out}\n`);
    });
};
