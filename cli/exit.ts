/** Exit codes and the one place that turns errors into a message and a code. */
import { CommanderError } from "commander";
import { InputError } from "../sim/input-error.ts";
import { SimulationError } from "../sim/core/index.ts";
import { stderrLine } from "./terminal.ts";

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;

/** Bad command-line usage (unknown option value, missing argument). */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Print one line for the error and return the exit code it deserves. */
export function reportError(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_BAD_INPUT;
  if (error instanceof InputError || error instanceof UsageError) {
    stderrLine(`colloc: ${error.message}`);
    return EXIT_BAD_INPUT;
  }
  if (error instanceof SimulationError) {
    stderrLine(`colloc: simulation error: ${error.message}`);
    return EXIT_FAILURE;
  }
  const message = error instanceof Error ? error.message : String(error);
  stderrLine(`colloc: internal error: ${message} (please report it; COLLOC_DEBUG=1 prints the stack)`);
  if (process.env.COLLOC_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  return EXIT_FAILURE;
}
