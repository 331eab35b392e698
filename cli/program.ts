/** The `colloc` program: parse, dispatch to a subcommand, map errors to exit codes (cli/main.ts runs it). */
import { Command } from "commander";
import { readFileSync } from "node:fs";
import { commands } from "./commands/index.ts";
import { reportError } from "./exit.ts";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};

/** The program with the named command fully loaded and the others as one-line stubs for `--help`. */
export async function buildProgram(commandName?: string): Promise<Command> {
  const program = new Command("colloc")
    .description("Simulate deep-learning training jobs sharing GPUs (time-slicing, MPS, MIG)")
    .version(pkg.version, "-V, --version")
    .showHelpAfterError()
    .exitOverride();
  for (const entry of commands) {
    if (entry.name === commandName) (await entry.load())(program);
    else program.command(entry.name).description(entry.summary);
  }
  return program;
}

/** Run one command line; the exit code. */
export async function main(argv: string[]): Promise<number> {
  try {
    const words = argv.filter((a) => !a.startsWith("-"));
    // `colloc help run` shows run's help: load the command it names, not the stub.
    const program = await buildProgram(words[0] === "help" ? words[1] : words[0]);
    await program.parseAsync(argv, { from: "user" });
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (error) {
    return reportError(error);
  }
}
