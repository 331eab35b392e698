/**
 * Device memory of co-runners and who runs out of it: sim/hardware's out-of-memory rule (memory-fit.ts) applied
 * to the co-runners' profiles, in the order the caller started them. Under MPS each client holds the calibrated
 * `perProcessDeltaBytes` beyond its solo footprint (its client context and its share of the server).
 */
import { colocatedMemoryFit } from "../hardware/index.ts";
import type { CoRunner } from "./types.ts";

export interface MemoryFit {
  oom: boolean[];
  /** The same fit in every order of the co-runners (memory held none back). */
  anyOrder: boolean;
  memoryBytes: number;
}

export function fitMemory(coRunners: CoRunner[], capacityBytes: number, perProcessDeltaBytes = 0): MemoryFit {
  const processes = coRunners.map((c) => ({
    footprintBytes: c.profile.memoryBytes,
    minFootprintBytes: c.profile.minMemoryBytes,
    pinnedLimitBytes: c.memoryLimitBytes,
  }));
  const fit = colocatedMemoryFit(capacityBytes, processes, perProcessDeltaBytes);
  return { oom: fit.oom, anyOrder: fit.anyOrder, memoryBytes: fit.usedBytes };
}
