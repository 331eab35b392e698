/**
 * What a solo step's kernel trace says about its kernels (the profile's `kernels`): how many there are, how many
 * start after the GPU waited on the host (an idle gap longer than a kernel boundary in a busy stream: the kernels
 * that, under MPS, arrive to find co-runners' kernels on the SMs), their mean duration, and the mean duration of
 * the large ones, whose blocks take at least half of what the SMs hold at once (under MPS those take turns at the
 * SMs; smaller ones run beside a co-runner's), and the large ones' share of the kernel time. The median over traced
 * iterations of the solo runs; the kernel time by the SMs each kernel fills (`demand`) pools them.
 */
import { group } from "d3-array";
import { smDemand, smLoad } from "../../sim/replay/index.ts";
import type { SmDemandShare } from "../../sim/sharing/types.ts";
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
  turnUs: number;
  largeShare: number;
  demand: SmDemandShare[];
}

/** Groups of `demand`: kernels filling up to 1/8, 2/8, ... of the GPU's SMs. */
const DEMAND_GROUPS = 8;

/** Kernel time by the SMs each kernel's blocks fill at once: each group's time-weighted mean SMs and its share. */
function demandShares(kernels: readonly KernelRow[], gpuSms: number): SmDemandShare[] {
  const time = new Array<number>(DEMAND_GROUPS).fill(0);
  const smTime = new Array<number>(DEMAND_GROUPS).fill(0);
  for (const k of kernels) {
    const sms = smDemand(...launch(k), gpuSms);
    const g = Math.min(DEMAND_GROUPS - 1, Math.floor(((sms - 1) * DEMAND_GROUPS) / gpuSms));
    time[g] += k.dur_us;
    smTime[g] += k.dur_us * sms;
  }
  const total = time.reduce((a, b) => a + b, 0);
  return time.flatMap((t, g) => (t > 0 ? [{ sms: smTime[g] / t, share: t / total }] : []));
}

/**
 * A kernel is large when its blocks take at least this share of what the GPU's SMs hold at once. Chosen by
 * leave-models-out error on the fitted H200 mixes (docs/calibration.md): 0 (every kernel) 14.1 %, 0.25 11.7 %,
 * 0.5 10.8 %, 1 12.2 %, 2 13.9 %.
 */
export const LARGE_KERNEL_FILL = 0.5;

/** A traced kernel's launch as smLoad and smDemand take it: blocks, threads per block, registers, shared memory. */
const launch = (k: KernelRow) =>
  [
    k.grid_x * k.grid_y * k.grid_z,
    k.block_x * k.block_y * k.block_z,
    k.registers,
    k.shared_mem_bytes,
  ] as const;

/** The share of the GPU's block slots a kernel's grid takes (above 1: it runs in waves). */
const fill = (k: KernelRow, gpuSms: number) => smLoad(...launch(k)) / gpuSms;

export function kernelStats(kernels: readonly KernelRow[], gpuSms: number): KernelStats | undefined {
  const iterations = group(
    kernels,
    (k) => k.run_id,
    (k) => k.proc,
    (k) => k.iter,
  );
  const stats: Omit<KernelStats, "demand">[] = [];
  for (const procs of iterations.values())
    for (const iters of procs.values())
      for (const rows of iters.values()) {
        const sorted = [...rows].sort((a, b) => a.start_us - b.start_us);
        let end = -Infinity;
        let late = 0;
        let busyUs = 0;
        let largeUs = 0;
        let large = 0;
        for (const k of sorted) {
          if (k.start_us - end > EXPOSED_GAP_US) late++;
          end = Math.max(end, k.start_us + k.dur_us);
          busyUs += k.dur_us;
          if (fill(k, gpuSms) >= LARGE_KERNEL_FILL) {
            largeUs += k.dur_us;
            large++;
          }
        }
        stats.push({
          perStep: sorted.length,
          // The step's first kernel always follows the previous step's host work: not a wait inside the step.
          exposedPerStep: late - 1,
          meanUs: busyUs / sorted.length,
          turnUs: large > 0 ? largeUs / large : busyUs / sorted.length,
          largeShare: busyUs > 0 ? largeUs / busyUs : 1,
        });
      }
  if (stats.length === 0) return undefined;
  const med = (pick: (s: (typeof stats)[number]) => number) => median(stats.map(pick));
  return {
    perStep: med((s) => s.perStep),
    exposedPerStep: med((s) => s.exposedPerStep),
    meanUs: med((s) => s.meanUs),
    turnUs: med((s) => s.turnUs),
    largeShare: med((s) => s.largeShare),
    demand: demandShares(kernels, gpuSms),
  };
}
