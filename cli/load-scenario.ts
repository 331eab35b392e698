/** Read a scenario file and resolve it against the shipped calibration sets: the I/O side of sim/cluster/scenario. */
import { loadCalibrationSet } from "../calibration/set.ts";
import { readInputText, readTextFile } from "../calibration/ingest/read-file.ts";
import type { ClusterInput } from "../sim/cluster/scenario/cluster-input.ts";
import { loadScenario } from "../sim/cluster/scenario/resolve.ts";
import type { ReadText } from "../sim/cluster/streams/from-scenario.ts";

/** How the CLI reads the files a scenario names: regular text files within the size limit only. */
export const readNamedFile: ReadText = readTextFile;

/** The text of a scenario (or sweep) file, or an InputError naming it and saying why it cannot be one. */
export const readInputFile = (file: string, what = "scenario file") =>
  readInputText(file, `a readable ${what}`, "input_mb");

export function readScenario(file: string): ClusterInput {
  return loadScenario(readInputFile(file), {
    file,
    calibration: loadCalibrationSet,
    readText: readNamedFile,
  });
}
