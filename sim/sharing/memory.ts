/**
 * Device memory of co-runners and who runs out of it: sim/hardware's out-of-memory rule (memory-fit.ts) applied
 * to the co-runners' profiles, in the order the caller started them. Under MPS each client holds the calibrated
 * `perProcessDeltaBytes` beyond its solo footprint (its client context and its share of the server).
 */
import { colocatedMemoryFit } from "../hardware/memory-fit.ts";
import type { CoRunner } from "./types.ts";

export interface MemoryFit {
  oom: boolean[];
  memoryBytes: number;
}

export function fitMemory(coRunners: CoRunner[], capacityBytes: number, perProcessDeltaBytes = 0): MemoryFit {
  const processes = coRunners.map((c) => ({
    footprintBytes: c.profile.memoryBytes,
    minFootprintBytes: c.profile.minMemoryBytes,
    pinnedLimitBytes: c.memoryLimitBytes,
  }));
  // Footprints are whole-process figures and the delta already stands for every MPS difference (contexts,
  // server), so the rule's own context terms are zero and the pinned limit counts the whole footprint.
  const params = {
    contextBytes: 0,
    mpsClientContextBytes: perProcessDeltaBytes,
    mpsServerBytes: 0,
    pinnedLimitCoversContext: true,
  };
  const fit = colocatedMemoryFit(capacityBytes, processes, "mps", params);
  return { oom: fit.oom, memoryBytes: fit.usedBytes };
}
