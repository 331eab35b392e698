/**
 * `colloc study [--gpu A100-SXM4-40GB|H200-141GB] [--json]` (what `npm start` runs): the study's experiments
 * 33-37 simulated on the shipped calibration sets, as a table like the study's, then which of its findings hold.
 */
import type { Command } from "commander";
import { STUDY_GPUS, type StudyGpu } from "../../scenarios/study-matrix.ts";
import { findGpu } from "../../sim/hardware/index.ts";
import { InputError } from "../../sim/input-error.ts";
import { studyFindings } from "../../study/findings.ts";
import { formatFindings, formatStudyTable } from "../study-format.ts";
import { runStudy } from "../../study/run-study.ts";
import { studyRows } from "../../study/table.ts";
import type { Register } from "./index.ts";

const NAMES = Object.keys(STUDY_GPUS) as StudyGpu[];

/** The study GPU `name` reads as (any spelling the catalog takes); the message lists only the study's GPUs. */
function studyGpu(name: string): StudyGpu {
  const canonical = findGpu(name)?.name;
  if (canonical === undefined || !(canonical in STUDY_GPUS))
    throw new InputError("command line", "--gpu", `a GPU of the study, one of ${NAMES.join(", ")}`, name);
  return canonical as StudyGpu;
}

export const registerStudy: Register = (program: Command) => {
  program
    .command("study")
    .description("replay the study's experiments 33-37 on the shipped calibration: table and findings")
    .option("--gpu <name>", `only this GPU (${NAMES.join(" or ")}); default: both`)
    .option("--json", "print the tables and findings as one JSON object")
    .action((options: { gpu?: string; json?: boolean }) => {
      const targets = options.gpu ? [studyGpu(options.gpu)] : NAMES;
      const results = targets.map((target) => {
        const result = runStudy(target);
        return {
          gpu: target,
          calibration: result.calibration,
          rows: studyRows(result.runs),
          findings: studyFindings(result),
        };
      });
      if (options.json) {
        process.stdout.write(
          `${JSON.stringify({ study: "arXiv 2209.06018, experiments 33-37", results }, null, 2)}\n`,
        );
        return;
      }
      for (const r of results) {
        process.stdout.write(
          `\nStudy experiments 33-37 on ${r.gpu} (calibration set "${r.calibration}"): aggregate images/s over the processes that finished, longest epoch time\n\n`,
        );
        process.stdout.write(formatStudyTable(r.rows));
        process.stdout.write(`\nFindings of the study, checked on the simulated ${r.gpu}:\n`);
        process.stdout.write(formatFindings(r.findings));
      }
    });
};
