/** A MIG instance's share of the GPU's memory bandwidth: its memory slices over the GPU's (1/8 for a 1g). */
import type { GpuSpec } from "./types.ts";

export function bandwidthShare(spec: GpuSpec, instance: { memorySlices: number }): number {
  return instance.memorySlices / spec.memorySlices;
}
