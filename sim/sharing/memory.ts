/**
 * Device memory of co-runners and who runs out of it. Processes are admitted in input order (the order the
 * caller started them); one whose footprint no longer fits, or exceeds its own cap, runs out of memory and
 * holds nothing afterwards (it exits), so the others keep running.
 */
import type { CoRunner } from "./types.ts";

export interface MemoryFit {
  oom: boolean[];
  memoryBytes: number;
}

/** Memory per process is its solo footprint plus `perProcessDeltaBytes` (MPS clients differ from solo). */
export function fitMemory(coRunners: CoRunner[], capacityBytes: number, perProcessDeltaBytes = 0): MemoryFit {
  const oom: boolean[] = [];
  let used = 0;
  for (const c of coRunners) {
    const need = c.profile.memoryBytes + perProcessDeltaBytes;
    const fits =
      used + need <= capacityBytes && (c.memoryLimitBytes === undefined || need <= c.memoryLimitBytes);
    oom.push(!fits);
    if (fits) used += need;
  }
  return { oom, memoryBytes: used };
}
