/**
 * The sharing models' one entry point: given a GPU, how it is shared, the co-running jobs' calibrated profiles
 * and the GPU's fitted sharing parameters, say how fast each job steps and what the GPU does (utilization,
 * SM activity, memory, OOM, power). Pure, so callers may memoize it by co-runner set (sim/cluster/share-memo.ts does).
 */
import { InputError } from "../input-error.ts";
import { exclusiveRates } from "./exclusive.ts";
import { fitMemory } from "./memory.ts";
import { migRates } from "./mig.ts";
import { mpsRates } from "./mps.ts";
import { naiveRates } from "./naive.ts";
import { throttle } from "./power.ts";
import { assemble, runningProfiles, type Rates } from "./result.ts";
import { migSlice, wholeGpu, type Slice } from "./slice.ts";
import type { CoRunner, GpuView, SharingParams, SharingSetup, ShareResult } from "./types.ts";

export type * from "./types.ts";
export { combineInstances } from "./mig.ts";
export type { Rates } from "./result.ts";
export type { Slice } from "./slice.ts";
export { dramWhileBusy, turnFigures, type TurnFigures } from "./mps.ts";
export { outsideFitRange, type MpsFitRange } from "./fit-range.ts";

/** Profiles calibrated on another GPU would give silently wrong rates: refuse them. */
function checkGpu(gpu: GpuView, coRunners: CoRunner[]): void {
  for (const c of coRunners) {
    if (c.profile.gpu !== gpu.name) {
      throw new InputError(
        "calibration set",
        `workloads.${c.profile.id}.gpu`,
        `a profile for ${gpu.name}`,
        c.profile.gpu,
      );
    }
  }
}

function sliceOf(gpu: GpuView, setup: SharingSetup): Slice {
  return setup.mode === "mig" ? migSlice(gpu, setup.instance) : wholeGpu(gpu);
}

/** Whether the co-runners are MPS clients (of the whole GPU, or inside a MIG instance). */
export function usesMps(setup: SharingSetup): boolean {
  return setup.mode === "mps" || (setup.mode === "mig" && setup.inside === "mps");
}

/**
 * Another model of MPS co-runners on the whole GPU (sim/replay's kernel-level replay): their rates, or undefined
 * where it has nothing to say (the fast model of mps.ts answers then).
 */
export type MpsModel = (runners: CoRunner[], slice: Slice, params: SharingParams) => Rates | undefined;

/** An MpsModel and the name outputs record it by (`--mps-model`). */
export interface NamedMpsModel {
  name: string;
  model: MpsModel;
}

function ratesOf(
  setup: SharingSetup,
  runners: CoRunner[],
  slice: Slice,
  params: SharingParams,
  mps?: MpsModel,
): Rates {
  switch (setup.mode) {
    case "exclusive":
      return exclusiveRates(runners, slice);
    case "naive":
      return naiveRates(runners, slice, params);
    case "mps":
      return mps?.(runners, slice, params) ?? mpsRates(runners, slice, params);
    case "mig":
      return migRates(runners, slice, setup.inside, params);
  }
}

/**
 * Per-job progress and GPU-level figures for co-runners sharing one GPU (or one MIG instance) under `setup`; `mps`
 * replaces the fast MPS model of the whole GPU where it answers.
 */
export function share(
  gpu: GpuView,
  setup: SharingSetup,
  coRunners: CoRunner[],
  params: SharingParams,
  mps?: MpsModel,
): ShareResult {
  checkGpu(gpu, coRunners);
  const slice = sliceOf(gpu, setup);
  const delta = usesMps(setup) ? params.mpsClientMemoryDeltaBytes : 0;
  const fit = fitMemory(coRunners, slice.memoryBytes, delta);
  const runners = runningProfiles(coRunners, fit);
  const running = ratesOf(setup, runners, slice, params, mps);
  // The power limit is the whole board's: a MIG instance alone cannot know what the others draw.
  const rates =
    setup.mode === "mig"
      ? running.rates
      : throttle(
          params,
          runners.map((r) => r.profile),
          running.rates,
        );
  return assemble(coRunners, fit, { ...running, rates }, slice, params);
}
