/**
 * What the page is given, written once by `colloc explore` (explore/build/) into data.js: the calibration set's
 * profiles and parameters as share() takes them, its Arrow tables as written on disk, and the measured setups of
 * the shipped dataset. The page trusts it: the build read it through calibration/set.ts, which validates it.
 */
import type { GpuView, SharingParams, WorkloadProfile } from "../../sim/sharing/types.ts";
import type { MeasuredSetup } from "./measured-setup.ts";

export interface SetData {
  /** The set as named on the command line ("h200") or its folder's name. */
  name: string;
  /** The set's GPU as share() sees it: calibration/set.ts's gpuViewOf (memory less the idle baseline). */
  gpu: GpuView;
  sharing: SharingParams;
  /** The profiles of parameters.json, by workload id: what share() is given. */
  workloads: Record<string, WorkloadProfile>;
  /** The time slice of the kernel-level replays that check the fast models (calibration/replay-run.ts). */
  timeSliceS: number;
}

export interface PageData {
  set: SetData;
  /** The set's Arrow IPC files, base64: workloads.arrow always, kernel-traces.arrow when the set has traces. */
  tables: { workloads: string; kernelTraces: string | null };
  /** Setups the dataset measured on the set's GPU, and the folder they were read from (null: none read). */
  measured: MeasuredSetup[];
  runsFolder: string | null;
}

/** The global data.js assigns. */
export const DATA_GLOBAL = "collocExploreData";
