/**
 * The out-of-memory rule of the simulator.
 *
 * A process's footprint is its device memory including its own CUDA context (WorkloadProfile.memoryBytes).
 * Co-located processes fit when the sum of their footprints fits in the capacity (the GPU's memory, or the
 * MIG instance's usable memory). Processes are admitted in the order given (arrival order). Each takes its full
 * footprint if that fits in what is left; otherwise it makes do with what is left as long as that covers its
 * least footprint (measured under a memory cap: cuDNN then picks algorithms with smaller workspaces). One that
 * cannot have even that runs out of memory and holds nothing, and later ones may still fit.
 * Under MPS each client holds a calibrated `clientDeltaBytes` beyond its footprint (its client context in place
 * of its own, its share of the server: on our H200 a client held the same 612 MiB context as a plain process and
 * the server 66 MiB), and a client with a pinned-memory limit (CUDA_MPS_PINNED_DEVICE_MEM_LIMIT) runs out of
 * memory when its footprint exceeds the limit.
 */

export interface ProcessMemory {
  footprintBytes: number;
  /** The least footprint it trains in (default: footprintBytes, it cannot shrink). */
  minFootprintBytes?: number;
  /** MPS pinned device-memory limit of this client (only MPS clients have one). */
  pinnedLimitBytes?: number;
}

export interface MemoryFit {
  /** True when no process runs out of memory. */
  fits: boolean;
  /** Per process, input order. */
  oom: boolean[];
  /**
   * True when what the others took held no process back (each got what it would get first in line): then every
   * admission order gives this fit.
   */
  anyOrder: boolean;
  /** Bytes held by the processes that fit, their client deltas included. */
  usedBytes: number;
  capacityBytes: number;
}

/** Co-located processes under time-slicing (`clientDeltaBytes` 0) or MPS, against one capacity. */
export function colocatedMemoryFit(
  capacityBytes: number,
  processes: readonly ProcessMemory[],
  clientDeltaBytes = 0,
): MemoryFit {
  let usedBytes = 0;
  let anyOrder = true;
  // The pinned limit counts the footprint, so it caps what the client holds at the limit plus its delta.
  const oom = processes.map((p) => {
    const limit = p.pinnedLimitBytes !== undefined ? p.pinnedLimitBytes + clientDeltaBytes : Infinity;
    const least = (p.minFootprintBytes ?? p.footprintBytes) + clientDeltaBytes;
    if (least > limit) return true; // in any order
    const wanted = Math.min(p.footprintBytes + clientDeltaBytes, limit);
    if (capacityBytes - usedBytes < wanted) anyOrder = false;
    const room = Math.min(capacityBytes - usedBytes, limit);
    if (least > room) return true;
    usedBytes += Math.min(wanted, room);
    return false;
  });
  return { fits: oom.every((o) => !o), oom, anyOrder, usedBytes, capacityBytes };
}
