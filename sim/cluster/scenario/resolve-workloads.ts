/** Workload ids to profiles: custom workloads (a calibrated profile with changes) first, then the calibration set. */
import { closest, distance } from "fastest-levenshtein";
import { InputError } from "../../input-error.ts";
import type { MpsFitRange } from "../../sharing/index.ts";
import type { SharingParams, WorkloadProfile } from "../../sharing/types.ts";
import { GIB } from "../../hardware/index.ts";
import type { CustomWorkload, Scenario } from "./schema.ts";

/** What resolution needs of a calibration set (calibration/set.ts's CalibrationSet has this shape). */
export interface CalibrationSource {
  gpu: { name: string };
  sharing: SharingParams;
  workloads: Record<string, WorkloadProfile>;
  /** Workloads the set's data showed but calibration could not profile, and why. */
  skipped?: { workload: string; reason: string }[];
  /** The turn-weight figures its MPS fit read (absent: sets without one). */
  mpsFitRange?: MpsFitRange;
  /** Figures carried from another GPU rather than measured on this one ("sharing.*": its sharing parameters). */
  transfers?: { path: string; from: string }[];
}

export type ProfileLookup = (id: string) => WorkloadProfile | undefined;

function customized(id: string, base: WorkloadProfile, c: CustomWorkload): WorkloadProfile {
  const scale = c.step_time_scale ?? 1;
  return {
    ...base,
    id,
    model: c.model ?? base.model,
    batch: c.batch ?? base.batch,
    imagesPerEpoch: c.images_per_epoch ?? base.imagesPerEpoch,
    stepTimeS: base.stepTimeS * scale,
    smScaling: { sms: base.smScaling.sms, stepTimeS: base.smScaling.stepTimeS.map((t) => t * scale) },
    smCurve: {
      ...base.smCurve,
      serialS: base.smCurve.serialS * scale,
      parallelS: base.smCurve.parallelS * scale,
    },
    busyFraction: c.busy_fraction ?? base.busyFraction,
    memoryBytes: c.memory_gb === undefined ? base.memoryBytes : c.memory_gb * GIB,
    smActivity: c.sm_activity ?? base.smActivity,
    powerW: c.power_w ?? base.powerW,
  };
}

/** Known workload ids for messages: the set's, then the custom ones. */
function knownWorkloads(set: CalibrationSource, custom: Scenario["workloads"]): string {
  return [...Object.keys(set.workloads).sort(), ...Object.keys(custom ?? {})].join(", ");
}

/** What a message expects instead of `id`, a workload neither the set nor the scenario has: why the set lacks it. */
export function expectedWorkload(set: CalibrationSource, custom: Scenario["workloads"], id: string): string {
  const skipped = set.skipped?.find((s) => s.workload === id);
  if (skipped) return `a workload of the calibration set (it skipped ${id}: ${skipped.reason})`;
  return `a workload of the calibration set or of workloads${suggestion(set, custom, id)}: (${knownWorkloads(set, custom)})`;
}

/** `, perhaps "X"` for the known id nearest `id` (case aside), when it is a likely slip of the keyboard. */
function suggestion(set: CalibrationSource, custom: Scenario["workloads"], id: string): string {
  const known = [...Object.keys(set.workloads), ...Object.keys(custom ?? {})];
  if (known.length === 0) return "";
  const near = closest(id.toLowerCase(), known);
  return distance(id.toLowerCase(), near) <= Math.max(2, Math.floor(id.length / 4))
    ? `, perhaps "${near}"`
    : "";
}

export function workloadLookup(
  set: CalibrationSource,
  custom: Scenario["workloads"],
  file: string,
): ProfileLookup {
  const own = new Map<string, WorkloadProfile>();
  for (const [id, c] of Object.entries(custom ?? {})) {
    const base = Object.hasOwn(set.workloads, c.extends) ? set.workloads[c.extends] : undefined;
    const skipped = set.skipped?.find((s) => s.workload === c.extends);
    if (!base)
      throw new InputError(
        file,
        `workloads.${id}.extends`,
        skipped
          ? `a workload of the calibration set (it skipped ${c.extends}: ${skipped.reason})`
          : `a workload of the calibration set (${Object.keys(set.workloads).sort().join(", ")})`,
        c.extends,
      );
    // One job alone draws no more than the GPU may; more would stretch every step through the power model.
    if (c.power_w !== undefined && c.power_w > set.sharing.maxPowerW)
      throw new InputError(
        file,
        `workloads.${id}.power_w`,
        `at most the GPU's power limit, ${set.sharing.maxPowerW} W`,
        c.power_w,
      );
    own.set(id, customized(id, base, c));
  }
  return (id) => own.get(id) ?? (Object.hasOwn(set.workloads, id) ? set.workloads[id] : undefined);
}
