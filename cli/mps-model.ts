/**
 * `--mps-model auto|fast|replay|blend` of `colloc run`, `validate` and `sweep`: the model of MPS co-runners on a whole
 * GPU. `auto`, the default, is the blend where the replay is affordable (a set with kernel traces, a simulation of at
 * most AUTO_BLEND_MAX_JOBS jobs, as every measured run is) and the fast model elsewhere: the blend errs less on models
 * no fit has seen (docs/calibration.md, "Kernel-level replay"), but replays each distinct mix once, 0.02-0.5 s each
 * (`npm run bench:replay`).
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
 * The most jobs a simulation may have for `auto` to blend: each distinct mix costs a replay, and a stream meets many
 * (16 jobs of the study's twelve workloads, up to four on one GPU: 6.2 s blended, 10 ms fast; bench:cluster's
 * 100,000 jobs meet some 1,800 steady mixes: minutes, not seconds).
 */
export const AUTO_BLEND_MAX_JOBS = 8;

/** Adds the option to a command (its value arrives as `mpsModel`). */
export function withMpsModelOption(command: Command): Command {
  return command.option(
    "--mps-model <model>",
    "MPS co-runners on a whole GPU: fast (the fitted model), replay (kernel-level replay of the set's traced " +
      "steps, once per distinct mix: slower; the fast model where a job starts up, is capped or has no trace), " +
      "blend (the geometric mean of the two where the replay answers, weighted to the replay beside long kernels) or " +
      `auto (blend for a set with kernel traces and at most ${AUTO_BLEND_MAX_JOBS} jobs, else fast)`,
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
 * The model `--mps-model` names for the set in `setDir`, for a simulation of `jobs` jobs: none for the fast one (the
 * model every caller falls back on).
 */
export function mpsModelOf(name: string, setDir: () => string, jobs = 1): NamedMpsModel | undefined {
  if (checkMpsModelName(name) === "fast") return undefined;
  const dir = setDir();
  if (name === "auto") {
    if (jobs > AUTO_BLEND_MAX_JOBS || !existsSync(join(dir, TRACE_FILE))) return undefined;
    name = "blend";
  }
  const key = `${name}\u0000${dir}`;
  let model = models.get(key);
  if (model === undefined) models.set(key, (model = { name, model: MODELS[name](loadTraces(dir)) }));
  return model;
}

/** The same for a resolved scenario: its calibration set, found as the scenario found it, and its jobs. */
export const mpsModelFor = (name: string, input: ClusterInput) =>
  mpsModelOf(
    name,
    () => resolveSetDir(calibrationRef(input.calibration.name, input.source)),
    input.jobs.length,
  );
