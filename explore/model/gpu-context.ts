/**
 * The GPU a student picks, as the sharing models need it. On the set's own GPU: the set's profiles and parameters.
 * On any other GPU of the catalog: the set's profiles transferred by calibration/transfer.ts (the function
 * `colloc calibrate-a100` builds the A100 set with), marked as such on the page: they were never measured there.
 */
import { transferProfile, transferSharing } from "../../calibration/transfer.ts";
import { gpu, type GpuSpec } from "../../sim/hardware/index.ts";
import type { GpuView, SharingParams, WorkloadProfile } from "../../sim/sharing/types.ts";
import type { SetData } from "./page-data.ts";

export interface GpuContext {
  spec: GpuSpec;
  view: GpuView;
  params: SharingParams;
  profiles: Record<string, WorkloadProfile>;
  /** True on the set's own GPU; false when the profiles were transferred to it. */
  calibrated: boolean;
}

/** One context per GPU name, built on first use (a transfer is cheap but runs on every render otherwise). */
export function gpuContexts(set: SetData): (name: string) => GpuContext {
  const source = gpu(set.gpu.name);
  const cache = new Map<string, GpuContext>();
  const build = (spec: GpuSpec): GpuContext => {
    if (spec.name === source.name)
      return { spec, view: set.gpu, params: set.sharing, profiles: set.workloads, calibrated: true };
    const profiles = Object.fromEntries(
      Object.entries(set.workloads).map(([id, p]) => [id, transferProfile(p, source, spec)]),
    );
    // No idle baseline was measured on the target: processes may use the catalog's memory (as `colloc run` does).
    const view = { name: spec.name, sms: spec.sms, memoryBytes: spec.memoryBytes };
    return { spec, view, params: transferSharing(set.sharing, spec), profiles, calibrated: false };
  };
  return (name) => {
    const spec = gpu(name);
    let context = cache.get(spec.name);
    if (!context) cache.set(spec.name, (context = build(spec)));
    return context;
  };
}
