/**
 * What a solo step's kernel trace says about its kernels (the profile's `kernels`): how many there are, how many
 * start after the GPU waited on the host (an idle gap longer than a kernel boundary in a busy stream: the kernels
 * that, under MPS, arrive to find co-runners' kernels on the SMs), their mean duration, and how long one wave of a
 * kernel's blocks holds the SMs, averaged over kernel time. The median over traced iterations of the solo runs.
 */
import { group } from "d3-array";
import { blocksPerSm } from "../../sim/replay/index.ts";
import type { KernelRow } from "../ingest/tables.ts";
import { median } from "./stats.ts";

/**
 * Idle time before a kernel longer than this means the host had not launched it yet. Kernel boundaries in a busy
 * stream measured 1.3-2.9 us (median gap) on the H200; GPU-bound workloads have about one gap over 8 us per step,
 * launch-bound ones hundreds (resnet152-in-b32: 897 of 2,054 kernels).
 */
export const EXPOSED_GAP_US = 8;

export interface KernelStats {
  perStep: number;
  exposedPerStep: number;
  meanUs: number;
  waveUs: number;
}

/** One wave's duration: a kernel of more blocks than the GPU holds at once runs in waves, each holding the SMs. */
function waveUs(k: KernelRow, gpuSms: number): number {
  const perSm = blocksPerSm(k.block_x * k.block_y * k.block_z, k.registers, k.shared_mem_bytes);
  const waves = Math.max(1, (k.grid_x * k.grid_y * k.grid_z) / (perSm * gpuSms));
  return k.dur_us / waves;
}

export function kernelStats(kernels: readonly KernelRow[], gpuSms: number): KernelStats | undefined {
  const iterations = group(
    kernels,
    (k) => k.run_id,
    (k) => k.proc,
    (k) => k.iter,
  );
  const stats: KernelStats[] = [];
  for (const procs of iterations.values())
    for (const iters of procs.values())
      for (const rows of iters.values()) {
        const sorted = [...rows].sort((a, b) => a.start_us - b.start_us);
        let end = -Infinity;
        let late = 0;
        let busyUs = 0;
        let waveTimeUs = 0;
        for (const k of sorted) {
          if (k.start_us - end > EXPOSED_GAP_US) late++;
          end = Math.max(end, k.start_us + k.dur_us);
          busyUs += k.dur_us;
          waveTimeUs += waveUs(k, gpuSms) * k.dur_us;
        }
        stats.push({
          perStep: sorted.length,
          // The step's first kernel always follows the previous step's host work: not a wait inside the step.
          exposedPerStep: late - 1,
          meanUs: busyUs / sorted.length,
          waveUs: busyUs > 0 ? waveTimeUs / busyUs : 0,
        });
      }
  if (stats.length === 0) return undefined;
  const med = (pick: (s: KernelStats) => number) => median(stats.map(pick));
  return {
    perStep: med((s) => s.perStep),
    exposedPerStep: med((s) => s.exposedPerStep),
    meanUs: med((s) => s.meanUs),
    waveUs: med((s) => s.waveUs),
  };
}
