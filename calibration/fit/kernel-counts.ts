/**
 * Kernels per solo step, and how many of them start after the GPU waited on the host (an idle gap longer than a
 * kernel boundary in a busy stream): the kernels that, under MPS, arrive to find co-runners' kernels on the SMs.
 * From the kernel traces of the solo runs; the median over traced iterations.
 */
import { group } from "d3-array";
import type { KernelRow } from "../ingest/tables.ts";
import { median } from "./stats.ts";

/**
 * Idle time before a kernel longer than this means the host had not launched it yet. Kernel boundaries in a busy
 * stream measured 1.3-2.9 us (median gap) on the H200; GPU-bound workloads have about one gap over 8 us per step,
 * launch-bound ones hundreds (resnet152-in-b32: 897 of 2,054 kernels).
 */
export const EXPOSED_GAP_US = 8;

export function kernelCounts(
  kernels: readonly KernelRow[],
): { perStep: number; exposedPerStep: number } | undefined {
  const iterations = group(
    kernels,
    (k) => k.run_id,
    (k) => k.proc,
    (k) => k.iter,
  );
  const counts: number[] = [];
  const exposed: number[] = [];
  for (const procs of iterations.values())
    for (const iters of procs.values())
      for (const rows of iters.values()) {
        const sorted = [...rows].sort((a, b) => a.start_us - b.start_us);
        let end = -Infinity;
        let late = 0;
        for (const k of sorted) {
          if (k.start_us - end > EXPOSED_GAP_US) late++;
          end = Math.max(end, k.start_us + k.dur_us);
        }
        counts.push(sorted.length);
        // The step's first kernel always follows the previous step's host work: not a wait inside the step.
        exposed.push(late - 1);
      }
  return counts.length === 0 ? undefined : { perStep: median(counts), exposedPerStep: median(exposed) };
}
