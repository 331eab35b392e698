/** `--mps-model fast|replay|blend` of `colloc run`, `validate` and `sweep`: the model of MPS co-runners on a whole GPU. */
import type { Command } from "commander";
import { resolveSetDir } from "../calibration/set.ts";
import { loadTraces } from "../calibration/traces.ts";
import type { ClusterInput } from "../sim/cluster/scenario/cluster-input.ts";
import { calibrationRef } from "../sim/cluster/scenario/resolve.ts";
import { InputError } from "../sim/input-error.ts";
import { blendMps, replayMps, type StepTraces } from "../sim/replay/index.ts";
import type { MpsModel, NamedMpsModel } from "../sim/sharing/index.ts";

/** Adds the option to a command (its value arrives as `mpsModel`). */
export function withMpsModelOption(command: Command): Command {
  return command.option(
    "--mps-model <model>",
    "MPS co-runners on a whole GPU: fast (the fitted model), replay (kernel-level replay of the set's traced " +
      "steps, once per distinct mix: slower; the fast model where a job starts up, is capped or has no trace) or " +
      "blend (the geometric mean of the two where the replay answers)",
    "fast",
  );
}

/** The models beside the fast one, by the name `--mps-model` gives them, from a set's traced steps. */
const MODELS: Record<string, (traces: StepTraces) => MpsModel> = { replay: replayMps, blend: blendMps };

/** `name` if `--mps-model` may name it, else bad input. */
export function checkMpsModelName(name: string): string {
  if (name !== "fast" && !Object.hasOwn(MODELS, name))
    throw new InputError("--mps-model", "", "fast, replay or blend", name);
  return name;
}

/** Models by name and set folder: a sweep worker's points share one set's traces, read once. */
const models = new Map<string, NamedMpsModel>();

/** The model `--mps-model` names for the set in `setDir`: none for the fast one (the default of every caller). */
export function mpsModelOf(name: string, setDir: () => string): NamedMpsModel | undefined {
  if (checkMpsModelName(name) === "fast") return undefined;
  const dir = setDir();
  const key = `${name}\u0000${dir}`;
  let model = models.get(key);
  if (model === undefined) models.set(key, (model = { name, model: MODELS[name](loadTraces(dir)) }));
  return model;
}

/** The same for a resolved scenario: its calibration set, found as the scenario found it. */
export const mpsModelFor = (name: string, input: ClusterInput) =>
  mpsModelOf(name, () => resolveSetDir(calibrationRef(input.calibration.name, input.source)));
