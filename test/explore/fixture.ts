/** The shipped H200 set, as the library loads it and as the page is given it (explore/build, without runs). */
import { gpuViewOf, loadCalibrationSet, profileOf } from "../../calibration/set.ts";
import { findRunFolders } from "../../calibration/ingest/discover.ts";
import { measuredSetups, readMeasuredRuns } from "../../explore/build/measured-setups.ts";
import { pageData } from "../../explore/build/page-data.ts";
import type { MeasuredSetup } from "../../explore/model/measured-setup.ts";
import { gpuContexts } from "../../explore/model/gpu-context.ts";
import { gpu } from "../../sim/hardware/index.ts";
import type { CoRunner } from "../../sim/sharing/types.ts";
import type { Tolerance } from "../helpers/near.ts";

export const SET = loadCalibrationSet("h200");
export const VIEW = gpuViewOf(SET);
export const H200 = gpu(SET.gpu.name);
export const DATA = pageData("h200", null);
export const contextOf = gpuContexts(DATA.set);

export const R26 = "resnet26-c10-b128";
export const R50 = "resnet50-i64-b128";
export const R26_SMALL = "resnet26-c10-b32";
export const R152 = "resnet152-in-b128";

export const coRunner = (workload: string, smLimit?: number): CoRunner => ({
  profile: profileOf(SET, workload),
  smLimit,
});

/** Equal up to rounding differences between two JavaScript engines. */

/** The page and the library compute the same figures: equal up to float rounding. */
export const SAME: Tolerance = { relative: 1e-9, absolute: 1e-9 };

let measured: Map<string, MeasuredSetup> | undefined;

/** The setups the shipped dataset measured, by key (read once: it ingests every run). */
export function measuredByKey(): Map<string, MeasuredSetup> {
  measured ??= new Map(
    measuredSetups(
      readMeasuredRuns(findRunFolders(["calibration/data/h200-runs"])),
      SET.gpu.name,
      SET.gpu.baselineMemoryBytes,
    ).map((m) => [m.key, m]),
  );
  return measured;
}
