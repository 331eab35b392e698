/**
 * A sweep worker thread: receives one grid point's scenario text at a time, simulates it, writes its results
 * folder and answers with the summary (or the bad-input message). Loaded through tsx by cli/commands/sweep.ts.
 */
import { parentPort } from "node:worker_threads";
import { writeFolder } from "../../io/write-folder.ts";
import { loadCalibrationSet } from "../../calibration/set.ts";
import { InputError } from "../../sim/input-error.ts";
import { loadScenario } from "../../sim/cluster/scenario/resolve.ts";
import { readNamedFile } from "../load-scenario.ts";
import { mpsModelFor } from "../mps-model.ts";
import { runOutputs } from "../run-outputs.ts";

export interface PointTask {
  id: string;
  text: string;
  /** The base scenario file: named in messages, trace paths are relative to it. */
  file: string;
  dir: string;
  /** `--mps-model`: auto, fast, replay or blend. */
  mpsModel: string;
}

export type PointReply =
  { id: string; ok: true } | { id: string; ok: false; badInput: boolean; message: string };

parentPort?.on("message", async (task: PointTask) => {
  let reply: PointReply;
  try {
    const input = loadScenario(task.text, {
      file: task.file,
      calibration: loadCalibrationSet,
      readText: readNamedFile,
    });
    const mps = mpsModelFor(task.mpsModel, input);
    writeFolder(task.dir, (await runOutputs(input, mps ? { mps } : {})).files);
    reply = { id: task.id, ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    reply = { id: task.id, ok: false, badInput: error instanceof InputError, message };
  }
  parentPort?.postMessage(reply);
});
