/**
 * data.js: what the page needs of a calibration set, read through calibration/ (validated there), with the
 * measured setups of a run dataset. The page reads nothing else, so the folder works from file:// too.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { TIME_SLICE_S } from "../../sim/replay/index.ts";
import { gpuViewOf, loadCalibrationSet, resolveSetDir } from "../../calibration/set.ts";
import { TRACE_FILE } from "../../calibration/trace-table.ts";
import type { MeasuredRun } from "../../calibration/measured.ts";
import { InputError } from "../../sim/input-error.ts";
import { DATA_GLOBAL, type PageData } from "../model/page-data.ts";
import { measuredSetups } from "./measured-setups.ts";

export const WORKLOAD_FILE = "workloads.arrow";

const base64 = (file: string) => readFileSync(file).toString("base64");

/** The page's data for set `name` (a shipped name or a folder), with the runs measured in `runs` (if given). */
export function pageData(name: string, runs: { folder: string; measured: MeasuredRun[] } | null): PageData {
  const dir = resolveSetDir(name);
  const set = loadCalibrationSet(dir);
  const workloads = join(dir, WORKLOAD_FILE);
  if (!existsSync(workloads))
    throw new InputError(dir, WORKLOAD_FILE, "the set's workload table (colloc calibrate writes it)");
  const traces = join(dir, TRACE_FILE);
  return {
    set: {
      name: /^[\w.-]+$/.test(name) ? name : basename(dir),
      gpu: gpuViewOf(set),
      sharing: set.sharing,
      workloads: set.workloads,
      timeSliceS: TIME_SLICE_S,
    },
    tables: { workloads: base64(workloads), kernelTraces: existsSync(traces) ? base64(traces) : null },
    measured: runs ? measuredSetups(runs.measured, set.gpu.name, set.gpu.baselineMemoryBytes) : [],
    runsFolder: runs ? relative(process.cwd(), runs.folder) || "." : null,
  };
}

export function dataScript(data: PageData): string {
  return `globalThis.${DATA_GLOBAL} = ${JSON.stringify(data)};\n`;
}
