/** Read a scenario file and resolve it against the shipped calibration sets: the I/O side of sim/cluster/scenario. */
import { readFileSync } from "node:fs";
import { loadCalibrationSet } from "../calibration/set.ts";
import { InputError } from "../sim/core/errors.ts";
import type { ClusterInput } from "../sim/cluster/scenario/cluster-input.ts";
import { loadScenario } from "../sim/cluster/scenario/resolve.ts";

const readText = (path: string) => readFileSync(path, "utf8");

export function readScenario(file: string): ClusterInput {
  let text: string;
  try {
    text = readText(file);
  } catch (error) {
    throw new InputError(file, "", "a readable scenario file", (error as NodeJS.ErrnoException).code);
  }
  return loadScenario(text, { file, calibration: loadCalibrationSet, readText });
}
