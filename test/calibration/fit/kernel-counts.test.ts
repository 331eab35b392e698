import test from "ava";
import { EXPOSED_GAP_US, kernelCounts } from "../../../calibration/fit/kernel-counts.ts";
import type { KernelRow } from "../../../calibration/ingest/tables.ts";

/** Kernels of one traced iteration, back to back but for the gaps given before kernels 1, 2, ... */
function iteration(iter: number, gapsUs: number[]): KernelRow[] {
  let t = 0;
  return [0, ...gapsUs].map((gap, k) => {
    t += gap;
    const row = {
      run_id: "r",
      proc: 0,
      iter,
      name: `k${k}`,
      start_us: t,
      dur_us: 10,
      grid_x: 1,
      grid_y: 1,
      grid_z: 1,
      block_x: 32,
      block_y: 1,
      block_z: 1,
      registers: null,
      shared_mem_bytes: null,
      stream: 7,
    };
    t += 10;
    return row;
  });
}

test("kernels that start after an idle gap longer than a kernel boundary count as exposed; the step's first does not", (t) => {
  const boundary = 2;
  const late = EXPOSED_GAP_US + 1;
  const rows = [
    ...iteration(0, [boundary, late, boundary, late]),
    ...iteration(1, [boundary, late, late, late]),
    ...iteration(2, [late, boundary, boundary, boundary]),
  ];
  // Exposed per iteration: 2, 3, 1; the median of each count.
  t.deepEqual(kernelCounts(rows), { perStep: 5, exposedPerStep: 2 });
});

test("no traced kernels, no counts", (t) => {
  t.is(kernelCounts([]), undefined);
});
