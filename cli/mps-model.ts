/** `--mps-model fast|replay` of `colloc run` and `colloc validate`: the model of MPS co-runners on a whole GPU. */
import type { Command } from "commander";
import { loadTraces } from "../calibration/traces.ts";
import { InputError } from "../sim/input-error.ts";
import { replayMps } from "../sim/replay/index.ts";
import type { MpsModel } from "../sim/sharing/index.ts";

/** Adds the option to a command (its value arrives as `mpsModel`). */
export function withMpsModelOption(command: Command): Command {
  return command.option(
    "--mps-model <model>",
    "MPS co-runners on a whole GPU: fast (the fitted model) or replay (kernel-level replay of the set's traced " +
      "steps, once per distinct mix: slower; the fast model where a job starts up, is capped or has no trace)",
    "fast",
  );
}

/** `name` if `--mps-model` may name it, else bad input. */
export function checkMpsModelName(name: string): string {
  if (name !== "fast" && name !== "replay") throw new InputError("--mps-model", "", "fast or replay", name);
  return name;
}

/** The model `--mps-model` names for the set in `setDir`: none for the fast one (the default of every caller). */
export function mpsModelOf(name: string, setDir: string): { name: string; model: MpsModel } | undefined {
  return checkMpsModelName(name) === "fast" ? undefined : { name, model: replayMps(loadTraces(setDir)) };
}
