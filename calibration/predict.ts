/**
 * Predict what a measured run should show, from a calibration set: the same sharing models the simulator
 * calls, applied to the run's processes. `colloc validate` and the accuracy tests compare this with the run.
 */
import { InputError } from "../sim/input-error.ts";
import { bandwidthShare, gpu as catalogGpu, migProfile, MODEL_OF } from "../sim/hardware/index.ts";
import { combineInstances, share, type MpsModel } from "../sim/sharing/index.ts";
import { startedTogetherProfile } from "../sim/sharing/started-together.ts";
import type {
  CoRunner,
  SharingMode,
  SharingParams,
  SharingSetup,
  ShareResult,
} from "../sim/sharing/types.ts";
import type { MeasuredRun } from "./measured.ts";
import { gpuViewOf, profileOf, type CalibrationSet } from "./set.ts";

const MPS_MODES: readonly SharingMode[] = ["mps", "mps-partitioned"];

export interface RunDescription {
  /** Where the description came from, for error messages (a run folder, a scenario file). */
  source: string;
  /** GPU name as NVML or the catalog spells it. */
  gpu: string;
  mode: SharingMode;
  processes: { workload: string; smLimit?: number | null; migProfile?: string | null }[];
  /** The processes started together, each autotuning beside the others (a launcher's start); absent: false. */
  startedTogether?: boolean;
}

export interface PredictedProc {
  workload: string;
  stepsPerSecond: number;
  throughputImgS: number;
  oom: boolean;
}

export interface PredictedRun {
  procs: PredictedProc[];
  utilization: number;
  smActivity: number;
  /** Device memory of the processes, and what NVML would show used (plus the GPU's idle baseline). */
  memoryBytes: number;
  memoryUsedBytes: number;
  powerW: number;
}

/** What a measured run ran, as a description to predict; `source` names it in messages (a run folder). */
export function describeMeasured(run: MeasuredRun, source = run.runId): RunDescription {
  return {
    source,
    gpu: run.gpu,
    mode: run.mode as SharingMode,
    processes: run.procs.map((p) => ({ workload: p.workload, smLimit: p.smLimit })),
    startedTogether: run.startedTogether,
  };
}

/** Under MPS, processes that autotuned beside each other keep what they picked so (sim/sharing/started-together.ts). */
export function autotunedTogether(run: RunDescription): boolean {
  return run.startedTogether === true && run.processes.length > 1 && MPS_MODES.includes(run.mode);
}

function setupOf(mode: SharingMode): SharingSetup {
  if (mode === "mig") throw new Error("MIG runs are predicted per instance");
  return { mode: MODEL_OF[mode] };
}

/** MIG: one job per instance (the study's setup); the GPU-level figures combine the instances. */
function predictMig(
  set: CalibrationSet,
  run: RunDescription,
  coRunners: CoRunner[],
  params: SharingParams,
): ShareResult {
  const spec = catalogGpu(run.gpu, { file: run.source, field: "gpu" });
  const view = gpuViewOf(set);
  const results = coRunners.map((c, i) => {
    const name = run.processes[i].migProfile;
    if (!name) throw new InputError(run.source, `processes[${i}].migProfile`, "a MIG profile for a mig run");
    const p = migProfile(spec, name, { file: run.source, field: `processes[${i}].migProfile` });
    const instance = {
      profile: p.name,
      sms: p.sms,
      memoryBytes: p.usableMemoryBytes,
      bandwidthShare: bandwidthShare(spec, p),
    };
    return share(view, { mode: "mig", instance, inside: "exclusive" }, [c], params);
  });
  return {
    stepsPerSecond: results.map((r) => r.stepsPerSecond[0]),
    oom: results.map((r) => r.oom[0]),
    ...combineInstances(results, params),
  };
}

/** `mps`: another model of MPS co-runners on the whole GPU (sim/replay's replayMps), where it answers. */
export function predictRun(
  set: CalibrationSet,
  run: RunDescription,
  params: SharingParams = set.sharing,
  mps?: MpsModel,
): PredictedRun {
  const spec = catalogGpu(run.gpu, { file: run.source, field: "gpu" });
  if (spec.name !== set.gpu.name) {
    throw new InputError(run.source, "gpu", `a run on ${set.gpu.name}, the calibration set's GPU`, run.gpu);
  }
  const together = autotunedTogether(run);
  const coRunners: CoRunner[] = run.processes.map((p, i) => {
    const profile = profileOf(set, p.workload, `${run.source}: processes[${i}]`);
    return { profile: together ? startedTogetherProfile(profile) : profile, smLimit: p.smLimit ?? undefined };
  });
  const result =
    run.mode === "mig"
      ? predictMig(set, run, coRunners, params)
      : share(gpuViewOf(set), setupOf(run.mode), coRunners, params, mps);
  return {
    procs: coRunners.map((c, i) => ({
      workload: c.profile.id,
      stepsPerSecond: result.stepsPerSecond[i],
      throughputImgS: result.stepsPerSecond[i] * c.profile.batch,
      oom: result.oom[i],
    })),
    utilization: result.utilization,
    smActivity: result.smActivity,
    memoryBytes: result.memoryBytes,
    memoryUsedBytes: result.memoryBytes + set.gpu.baselineMemoryBytes,
    powerW: result.powerW,
  };
}
