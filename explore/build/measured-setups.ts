/**
 * The small table of measured setups the page puts beside its predictions, built when the page is: the dataset's
 * runs read as `colloc validate` reads them (ingest in memory, then calibration/measured.ts), grouped by setup.
 */
import { ingestRuns } from "../../calibration/ingest/ingest.ts";
import { meanOrNull } from "../../calibration/fit/stats.ts";
import { measuredRuns, type MeasuredRun } from "../../calibration/measured.ts";
import { gpu } from "../../sim/hardware/index.ts";
import {
  setupKey,
  setupOrder,
  type MeasuredMode,
  type MeasuredProcess,
  type MeasuredSetup,
} from "../model/measured-setup.ts";

const MODES: readonly string[] = ["exclusive", "naive", "mps", "mps-partitioned"] satisfies MeasuredMode[];

/** Run folders read as calibration/validate reads them (ingested in memory, every record checked). */
export function readMeasuredRuns(folders: readonly string[], onRun?: () => void): MeasuredRun[] {
  const { rows } = ingestRuns(folders, { onRun });
  return measuredRuns({ dir: "", ...rows });
}

/** Catalog name of a GPU as NVML spells it, undefined for one the catalog lacks. */
function catalogName(nvmlName: string): string | undefined {
  try {
    return gpu(nvmlName).name;
  } catch {
    return undefined;
  }
}

/** Whole runs of a mode the page can set up, on `gpuName`, with no PyTorch memory cap. */
function comparable(run: MeasuredRun, gpuName: string): boolean {
  return (
    run.usable &&
    run.memoryCapBytes === null &&
    MODES.includes(run.mode) &&
    run.procs.length > 0 &&
    catalogName(run.gpu) === gpuName
  );
}

const present = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);

/** One setup from its runs: processes position by position (trained ones first among equals), figures averaged. */
function setupOf(key: string, runs: MeasuredRun[], baselineBytes: number): MeasuredSetup {
  const mode = runs[0].mode as MeasuredMode;
  const ordered = runs.map((r) =>
    setupOrder(r.procs, (i) => (r.procs[i].stepsPerSecond === null ? 1 : 0)).map((i) => r.procs[i]),
  );
  const processes: MeasuredProcess[] = ordered[0].map((first, pos) => {
    const at = ordered.map((procs) => procs[pos]);
    const rates = present(at.map((p) => (p.stepsPerSecond === null ? null : p.stepsPerSecond * p.batch)));
    return {
      workload: first.workload,
      smLimit: first.smLimit,
      imagesPerS: meanOrNull(rates),
      trainedRuns: rates.length,
      oomRuns: at.filter((p) => p.outcome === "oom").length,
    };
  });
  return {
    key,
    mode,
    runs: runs.map((r) => r.runId),
    processes,
    utilization: meanOrNull(present(runs.map((r) => r.utilization))),
    smActivity: meanOrNull(present(runs.map((r) => r.smActivity))),
    powerW: meanOrNull(present(runs.map((r) => r.powerW))),
    memoryBytes: meanOrNull(
      present(runs.map((r) => (r.memoryUsedBytes === null ? null : r.memoryUsedBytes - baselineBytes))),
    ),
  };
}

/** The setups measured on `gpuName`, sorted by key. */
export function measuredSetups(
  runs: readonly MeasuredRun[],
  gpuName: string,
  baselineBytes: number,
): MeasuredSetup[] {
  const groups = new Map<string, MeasuredRun[]>();
  for (const run of runs.filter((r) => comparable(r, gpuName))) {
    const key = setupKey(run.mode as MeasuredMode, run.procs);
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return [...groups.keys()].sort().map((key) => setupOf(key, groups.get(key)!, baselineBytes));
}
