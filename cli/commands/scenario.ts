/** `colloc scenario check FILE...` (validate and resolve, simulate nothing) and `colloc scenario schema`. */
import type { Command } from "commander";
import { InputError } from "../../sim/input-error.ts";
import type { ClusterInput } from "../../sim/cluster/scenario/cluster-input.ts";
import { createPolicy } from "../../sim/cluster/policies/index.ts";
import { scenarioJsonSchema } from "../../sim/cluster/scenario/json-schema.ts";
import { EXIT_BAD_INPUT } from "../exit.ts";
import { readScenario } from "../load-scenario.ts";
import { formatTable } from "../table.ts";
import { stderrLine } from "../terminal.ts";
import type { Register } from "./index.ts";

interface Checked {
  file: string;
  ok: boolean;
  error?: string;
  gpus?: number;
  jobs?: number;
  workloads?: string[];
  policy?: string;
}

function summary(file: string, input: ClusterInput): Checked {
  return {
    file,
    ok: true,
    gpus: input.gpus.length,
    jobs: input.jobs.length,
    workloads: Object.keys(input.workloads),
    policy: input.scheduler.policy,
  };
}

function check(file: string): Checked {
  try {
    const input = readScenario(file);
    createPolicy(input); // the policy's own checks: sharing modes it supports, its parameters
    return summary(file, input);
  } catch (error) {
    if (error instanceof InputError) return { file, ok: false, error: error.message };
    throw error;
  }
}

export const registerScenario: Register = (program: Command) => {
  const scenario = program
    .command("scenario")
    .description("check scenario files, print the scenario JSON Schema");
  scenario
    .command("check")
    .description(
      "validate and resolve scenario files (GPUs, MIG layouts, workloads, jobs) without simulating",
    )
    .argument("<files...>", "scenario YAML files")
    .option("--json", "print one JSON object per file, as an array")
    .action((files: string[], options: { json?: boolean }) => {
      const results = files.map(check);
      if (options.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
      else {
        const ok = results.filter((r) => r.ok);
        if (ok.length > 0)
          process.stdout.write(
            formatTable(
              ["scenario", "GPUs", "jobs", "workloads", "policy"],
              ok.map((r) => [r.file, r.gpus, r.jobs, r.workloads!.length, r.policy]),
            ),
          );
        for (const r of results) if (!r.ok) stderrLine(`colloc: ${r.error}`);
      }
      if (results.some((r) => !r.ok)) process.exitCode = EXIT_BAD_INPUT;
    });
  scenario
    .command("schema")
    .description("print the scenario format as JSON Schema (the same as scenarios/scenario.schema.json)")
    .action(() => {
      process.stdout.write(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
    });
};
