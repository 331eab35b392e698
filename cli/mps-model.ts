/**
 * `--mps-model auto|fast|replay|blend` of `colloc run`, `validate` and `sweep`: the model of MPS co-runners on a whole
 * GPU. `auto`, the default, is the blend where the replay is affordable (a set with kernel traces, a simulation of at
 * most AUTO_BLEND_MAX_GPUS GPUs) and the fast model elsewhere: the blend errs less on models no fit has seen
 * (docs/calibration.md, "Kernel-level replay"), but replays each distinct mix once, about 0.2 s each.
 */
import type { Command } from "commander";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { resolveSetDir } from "../calibration/set.ts";
import { TRACE_FILE } from "../calibration/trace-table.ts";
import { loadTraces } from "../calibration/traces.ts";
import type { ClusterInput } from "../sim/cluster/scenario/cluster-input.ts";
import { calibrationRef } from "../sim/cluster/scenario/resolve.ts";
import { InputError } from "../sim/input-error.ts";
import { blendMps, replayMps, type StepTraces } from "../sim/replay/index.ts";
import type { MpsModel, NamedMpsModel } from "../sim/sharing/index.ts";

/**
 * The most GPUs a simulation may have for `auto` to blend: a cluster's many distinct mixes would each cost a replay
 * (bench:cluster's 100,000 jobs on 6,500 GPUs meet some 1,800 mixes of the study's workloads: minutes, not seconds).
 */
export const AUTO_BLEND_MAX_GPUS = 8;

/** Adds the option to a command (its value arrives as `mpsModel`). */
export function withMpsModelOption(command: Command): Command {
  return command.option(
    "--mps-model <model>",
    "MPS co-runners on a whole GPU: fast (the fitted model), replay (kernel-level replay of the set's traced " +
      "steps, once per distinct mix: slower; the fast model where a job starts up, is capped or has no trace), " +
      "blend (the geometric mean of the two where the replay answers) or auto (blend for a set with kernel " +
      `traces and at most ${AUTO_BLEND_MAX_GPUS} GPUs, else fast)`,
    "auto",
  );
}

/** The models beside the fast one, by the name `--mps-model` gives them, from a set's traced steps. */
const MODELS: Record<string, (traces: StepTraces) => MpsModel> = { replay: replayMps, blend: blendMps };

/** `name` if `--mps-model` may name it, else bad input. */
export function checkMpsModelName(name: string): string {
  if (name !== "fast" && name !== "auto" && !Object.hasOwn(MODELS, name))
    throw new InputError("--mps-model", "", "auto, fast, replay or blend", name);
  return name;
}

/** Models by name and set folder: a sweep worker's points share one set's traces, read once. */
const models = new Map<string, NamedMpsModel>();

/**
 * The model `--mps-model` names for the set in `setDir`, for a simulation of `gpus` GPUs: none for the fast one (the
 * model every caller falls back on).
 */
export function mpsModelOf(name: string, setDir: () => string, gpus = 1): NamedMpsModel | undefined {
  if (checkMpsModelName(name) === "fast") return undefined;
  const dir = setDir();
  if (name === "auto") {
    if (gpus > AUTO_BLEND_MAX_GPUS || !existsSync(join(dir, TRACE_FILE))) return undefined;
    name = "blend";
  }
  const key = `${name}\u0000${dir}`;
  let model = models.get(key);
  if (model === undefined) models.set(key, (model = { name, model: MODELS[name](loadTraces(dir)) }));
  return model;
}

/** The same for a resolved scenario: its calibration set, found as the scenario found it, and its GPUs. */
export const mpsModelFor = (name: string, input: ClusterInput) =>
  mpsModelOf(
    name,
    () => resolveSetDir(calibrationRef(input.calibration.name, input.source)),
    input.gpus.length,
  );
