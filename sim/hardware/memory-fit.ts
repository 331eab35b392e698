/**
 * The out-of-memory rule of the simulator.
 *
 * A process's footprint is its device memory including its own CUDA context (WorkloadProfile.memoryBytes).
 * Co-located processes fit when the sum of their footprints fits in the capacity (the GPU's memory, or the
 * MIG instance's usable memory). Processes are admitted in the order given (arrival order). Each takes its full
 * footprint if that fits in what is left; otherwise it makes do with what is left as long as that covers its
 * least footprint (measured under a memory cap: cuDNN then picks algorithms with smaller workspaces). One that
 * cannot have even that runs out of memory and holds nothing, and later ones may still fit.
 * Under MPS each client's context is replaced by an MPS client context, the server's memory is held once, and a
 * client with a pinned-memory limit (CUDA_MPS_PINNED_DEVICE_MEM_LIMIT) runs out of memory when its allocations
 * (footprint minus context, unless `pinnedLimitCoversContext`) exceed the limit.
 */
import type { ContendedMode } from "./sharing-modes.ts";
import { MIB } from "./units.ts";
import { MPS_LIMITS } from "./catalog/mps.ts";

export interface MemoryParams {
  /** CUDA context of a plain process, included in every footprint. */
  contextBytes: number;
  /** Device memory an MPS client holds for its context instead. */
  mpsClientContextBytes: number;
  /** Device memory of the MPS server, held once per GPU (or per MIG instance running MPS). */
  mpsServerBytes: number;
  /** Whether the pinned-memory limit counts the client's context too (undocumented; assumed not). */
  pinnedLimitCoversContext: boolean;
}

/**
 * Measured on an H200 (driver 580.159.04, torch, 2026-11-29): a process holding a 1 MiB tensor shows 612 MiB in
 * `nvidia-smi --query-compute-apps`, alone or as an MPS client (1, 2 and 4 clients alike); the MPS server 66 MiB.
 * So MPS saves no per-client memory on this stack; other drivers may differ, hence parameters.
 */
export const MEASURED_MEMORY_PARAMS: MemoryParams = {
  contextBytes: 612 * MIB,
  mpsClientContextBytes: 612 * MIB,
  mpsServerBytes: MPS_LIMITS.serverMemoryBytes,
  pinnedLimitCoversContext: false,
};

export interface ProcessMemory {
  footprintBytes: number;
  /** The least footprint it trains in (default: footprintBytes, it cannot shrink). */
  minFootprintBytes?: number;
  /** MPS pinned device-memory limit of this client; ignored without MPS. */
  pinnedLimitBytes?: number;
}

export interface MemoryFit {
  /** True when no process runs out of memory. */
  fits: boolean;
  /** Per process, input order. */
  oom: boolean[];
  /** Bytes held by the processes that fit (plus the MPS server). */
  usedBytes: number;
  capacityBytes: number;
}

/** One job alone in a MIG instance or on a GPU: does its footprint fit the usable memory? */
export function instanceMemoryFit(footprintBytes: number, usableBytes: number): boolean {
  return footprintBytes <= usableBytes;
}

/** Co-located processes under time-slicing ("naive") or MPS, against one capacity. */
export function colocatedMemoryFit(
  capacityBytes: number,
  processes: readonly ProcessMemory[],
  mode: ContendedMode,
  params: MemoryParams = MEASURED_MEMORY_PARAMS,
): MemoryFit {
  const mps = mode === "mps";
  let usedBytes = mps && processes.length > 0 ? params.mpsServerBytes : 0;
  // Device bytes of a footprint (an MPS client swaps its context for a client context), and the part of them a
  // pinned-memory limit counts: the same less a constant, so the limit caps device bytes at limit + that constant.
  const onDevice = (footprint: number) =>
    mps ? footprint - params.contextBytes + params.mpsClientContextBytes : footprint;
  const uncounted = onDevice(0) + (params.pinnedLimitCoversContext ? 0 : params.contextBytes);
  const oom = processes.map((p) => {
    const limit = mps && p.pinnedLimitBytes !== undefined ? p.pinnedLimitBytes + uncounted : Infinity;
    const room = Math.min(capacityBytes - usedBytes, limit);
    if (onDevice(p.minFootprintBytes ?? p.footprintBytes) > room) return true;
    usedBytes += Math.min(onDevice(p.footprintBytes), room);
    return false;
  });
  return { fits: oom.every((o) => !o), oom, usedBytes, capacityBytes };
}
