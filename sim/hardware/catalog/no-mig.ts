/** The MIG fields of a GPU without MIG (before Ampere's A100/A30, and the A10): no slices, no profiles. */
import type { GpuSpec } from "../types.ts";

export const NO_MIG: Pick<GpuSpec, "memorySlices" | "computeSlices" | "migProfiles"> = {
  memorySlices: 0,
  computeSlices: 0,
  migProfiles: [],
};
