/**
 * `colloc run SCENARIO [--out DIR] [--json] [--mps-model auto|fast|replay|blend]`: simulate one scenario and write its results
 * as a whole.
 */
import type { Command } from "commander";
import { join } from "node:path";
import { writeCaveats } from "../caveats.ts";
import { mpsModelFor, withMpsModelOption } from "../mps-model.ts";
import { checkOutFolder, writeFolder } from "../../io/write-folder.ts";
import { interruptible } from "../interrupt.ts";
import { readScenario } from "../load-scenario.ts";
import { isRunOutput, runOutputs } from "../run-outputs.ts";
import { formatDuration } from "../../sim/cluster/time-unit.ts";
import { formatTable } from "../table.ts";
import type { Register } from "./index.ts";
import type { Summary } from "../../sim/cluster/metrics.ts";

function brief(s: Summary, out: string): string {
  return (
    formatTable(
      ["scenario", "policy", "jobs", "finished", "OOM", "makespan", "JCT mean", "JCT p95", "jobs/h", "kWh"],
      [
        [
          s.name,
          s.policy,
          s.jobs.total,
          s.jobs.finished,
          s.oom.events,
          formatDuration(s.makespan_s),
          formatDuration(s.completion_s.mean),
          formatDuration(s.completion_s.p95),
          s.throughput.jobs_per_hour,
          s.energy_kwh,
        ],
      ],
    ) + `results in ${out}\n`
  );
}

export const registerRun: Register = (program: Command) => {
  const command = program
    .command("run")
    .description(
      "simulate a scenario: Arrow tables (jobs, gpu-timeline, events), summary.json, vega-lite charts",
    )
    .argument("<scenario>", "scenario YAML file")
    .option("--out <dir>", "output folder (default: results/<scenario name>)")
    .option("--json", "print the summary as JSON");
  withMpsModelOption(command).action(
    async (file: string, options: { out?: string; json?: boolean; mpsModel: string }) => {
      const input = readScenario(file);
      const mps = mpsModelFor(options.mpsModel, input);
      const out = options.out ?? join("results", input.name);
      checkOutFolder(out, isRunOutput);
      const { summary, files } = await runOutputs(input, mps ? { mps } : {});
      // A report of an earlier run (`colloc report OUT`) goes with the results it describes. Only the write is
      // interruptible: Ctrl-C in the (synchronous) simulation ends the process at once.
      await interruptible(() => writeFolder(out, files, isRunOutput));
      writeCaveats(summary.caveats);
      process.stdout.write(options.json ? `${JSON.stringify(summary, null, 2)}\n` : brief(summary, out));
    },
  );
};
