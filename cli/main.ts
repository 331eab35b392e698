/** The `colloc` command: parse, dispatch to a subcommand, map errors to exit codes. */
import { Command } from "commander";
import { readFileSync } from "node:fs";
import { commands } from "./commands/index.ts";
import { reportError } from "./exit.ts";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };

export function buildProgram(): Command {
  const program = new Command("colloc")
    .description("Simulate deep-learning training jobs sharing GPUs (time-slicing, MPS, MIG)")
    .version(pkg.version, "-V, --version")
    .showHelpAfterError()
    .exitOverride();
  for (const register of commands) register(program);
  program.commands.forEach((c) => c.exitOverride());
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: "user" });
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (error) {
    return reportError(error);
  }
}

process.exitCode = await main(process.argv.slice(2));
