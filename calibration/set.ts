/**
 * Load and write calibration sets. A set is a folder: parameters.json (see set-schema.ts) plus Arrow tables of
 * the measured points behind the fit. Names resolve to the shipped sets under calibration/data/<name>/.
 */
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { issueToInputError } from "../sim/cluster/scenario/zod-issue.ts";
import { InputError } from "../sim/input-error.ts";
import type { GpuView, WorkloadProfile } from "../sim/sharing/types.ts";
import { parseJson } from "./ingest/json-error.ts";
import { readInputText } from "./ingest/read-file.ts";
import { writeFolder } from "../io/write-folder.ts";
import { TRACE_FILE } from "./trace-table.ts";
import { calibrationSetSchema, type CalibrationSet } from "./set-schema.ts";

export type { CalibrationSet } from "./set-schema.ts";

export const PARAMETERS_FILE = "parameters.json";
/** The files `colloc calibrate` writes into a set: what its `--out` may already hold. */
const SET_FILES: ReadonlySet<string> = new Set([
  PARAMETERS_FILE,
  "workloads.arrow",
  "sm-points.arrow",
  TRACE_FILE,
]);
export const isSetFile = (name: string): boolean => SET_FILES.has(name);
const SHIPPED = join(dirname(fileURLToPath(import.meta.url)), "data");

/** The folder a set name or path stands for: an existing folder as given, else calibration/data/<name>/. */
export function resolveSetDir(nameOrDir: string): string {
  if (existsSync(join(nameOrDir, PARAMETERS_FILE))) return resolve(nameOrDir);
  const shipped = join(SHIPPED, nameOrDir);
  if (/^[\w.-]+$/.test(nameOrDir) && existsSync(join(shipped, PARAMETERS_FILE))) return shipped;
  const names = readdirSync(SHIPPED)
    .filter((name) => existsSync(join(SHIPPED, name, PARAMETERS_FILE)))
    .sort();
  throw new InputError(
    nameOrDir,
    "",
    `a calibration set: a folder with ${PARAMETERS_FILE} or a shipped set name (${names.join(", ")})`,
  );
}

/** Parse and check a set's parameters (every profile belongs to the set's GPU, keys match ids). */
export function parseCalibrationSet(file: string, json: unknown): CalibrationSet {
  const parsed = calibrationSetSchema.safeParse(json);
  // Worded as scenario files' refusals are ("expected a number (required)", the value it got).
  if (!parsed.success) throw issueToInputError(file, parsed.error.issues[0]);
  const set = parsed.data;
  for (const [key, profile] of Object.entries(set.workloads)) {
    if (profile.id !== key) throw new InputError(file, `workloads.${key}.id`, `"${key}"`, profile.id);
    if (profile.gpu !== set.gpu.name)
      throw new InputError(file, `workloads.${key}.gpu`, `"${set.gpu.name}"`, profile.gpu);
    // One job alone draws no more than the GPU may; more would stretch every step through the power model.
    if (profile.powerW > set.sharing.maxPowerW)
      throw new InputError(
        file,
        `workloads.${key}.powerW`,
        `at most the GPU's power limit (sharing.maxPowerW, ${set.sharing.maxPowerW} W)`,
        profile.powerW,
      );
  }
  return set;
}

/** Load a calibration set by shipped name ("h200", "a100") or folder path. */
export function loadCalibrationSet(nameOrDir: string): CalibrationSet {
  const file = join(resolveSetDir(nameOrDir), PARAMETERS_FILE);
  const text = readInputText(file, "a calibration set's parameters", "input_mb");
  return parseCalibrationSet(file, parseJson(text, file, "a calibration set's parameters as whole JSON"));
}

/** A workload's profile; a scenario needing a workload the set lacks is bad input, never a guess. */
export function profileOf(set: CalibrationSet, workload: string, where = "calibration set"): WorkloadProfile {
  const profile = set.workloads[workload];
  if (profile === undefined) {
    const skipped = set.skipped.find((s) => s.workload === workload);
    if (skipped)
      throw new InputError(
        where,
        "workload",
        `a workload the ${set.gpu.name} set profiles (${workload}: ${skipped.reason})`,
        workload,
      );
    const known = Object.keys(set.workloads).sort().join(", ");
    throw new InputError(
      where,
      "workload",
      `a workload of the ${set.gpu.name} calibration set (${known})`,
      workload,
    );
  }
  return profile;
}

/** The GPU as the sharing models see it: processes can use what the idle baseline leaves. */
export function gpuViewOf(set: CalibrationSet): GpuView {
  return {
    name: set.gpu.name,
    sms: set.gpu.sms,
    memoryBytes: set.gpu.memoryBytes - set.gpu.baselineMemoryBytes,
  };
}

/** JSON with sorted object keys, so the same set always writes the same bytes. */
export function stableJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

/**
 * Write a set as a whole (temporary folder, then rename; see io/write-folder.ts): parameters.json plus
 * `files`, e.g. Arrow tables ("sm-points.arrow") or copied sources, by file name.
 */
export function writeCalibrationSet(
  dir: string,
  set: CalibrationSet,
  files: Record<string, string | Uint8Array>,
): void {
  parseCalibrationSet(join(dir, PARAMETERS_FILE), set);
  const names = Object.keys(files).sort();
  writeFolder(
    dir,
    new Map([[PARAMETERS_FILE, stableJson(set)], ...names.map((n) => [n, files[n]] as const)]),
    isSetFile,
  );
}
