/** The part of a GPU a group of co-runners shares: the whole GPU, or one MIG instance. */
import type { GpuView, MigInstanceView } from "./types.ts";

export interface Slice {
  sms: number;
  memoryBytes: number;
  /** Share of the GPU's memory bandwidth (1 for the whole GPU). */
  bandwidthShare: number;
  /** Share of the GPU's SMs: turns the slice's activity into GPU-wide SM activity. */
  smShare: number;
  /**
   * Whether the slice is the whole board, which pays the idle power and holds the power limit. A MIG instance
   * is not, even one with all the SMs (H200's 7g): it reports only the power its jobs add (combineInstances).
   */
  wholeBoard: boolean;
}

export function wholeGpu(gpu: GpuView): Slice {
  return { sms: gpu.sms, memoryBytes: gpu.memoryBytes, bandwidthShare: 1, smShare: 1, wholeBoard: true };
}

export function migSlice(gpu: GpuView, instance: MigInstanceView): Slice {
  return {
    sms: instance.sms,
    memoryBytes: instance.memoryBytes,
    bandwidthShare: instance.bandwidthShare,
    smShare: instance.sms / gpu.sms,
    wholeBoard: false,
  };
}
