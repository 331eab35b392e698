import test from "ava";
import { EXPOSED_GAP_US, kernelStats } from "../../../calibration/fit/kernel-stats.ts";
import type { KernelRow } from "../../../calibration/ingest/tables.ts";

const SMS = 132;

/** Kernels of one traced iteration, back to back but for the gaps given before kernels 1, 2, ... */
function iteration(iter: number, gapsUs: number[], shape: Partial<KernelRow> = {}): KernelRow[] {
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
      ...shape,
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
  const stats = kernelStats(rows, SMS)!;
  t.deepEqual([stats.perStep, stats.exposedPerStep], [5, 2]);
});

test("mean kernel duration, and the large kernels' mean: those whose blocks take half the GPU's slots or more", (t) => {
  // 1,024-thread blocks: two per SM by threads, so 264 blocks fill the H200 once; 132 take half of it.
  const rows = [
    ...iteration(0, [2], { grid_x: 264, block_x: 1024, dur_us: 30 }),
    ...iteration(0, [2], { grid_x: 132, block_x: 1024, dur_us: 20 }),
    ...iteration(0, [2], { grid_x: 131, block_x: 1024, dur_us: 1 }),
  ].map((row, i) => ({ ...row, start_us: i * 40 }));
  const stats = kernelStats(rows, SMS)!;
  t.is(stats.meanUs, 17);
  t.is(stats.turnUs, 25);
  t.is(stats.largeShare, 50 / 51);
  // With no large kernel the mean of all stands in, and none of the kernel time is in large kernels.
  const small = kernelStats(iteration(0, [2], { grid_x: 3 }), SMS)!;
  t.deepEqual([small.turnUs, small.largeShare], [10, 0]);
});

test("no traced kernels, no statistics", (t) => {
  t.is(kernelStats([], SMS), undefined);
});

test("the kernel time by the SMs each kernel fills: groups of an eighth of the GPU, each its time-weighted SMs", (t) => {
  // 1,024-thread blocks, two per SM: 264 blocks fill all 132 SMs (and 528 do in two waves), 20 blocks fill 10.
  const rows = [
    ...iteration(0, [2], { grid_x: 264, block_x: 1024, dur_us: 30 }),
    ...iteration(0, [2], { grid_x: 528, block_x: 1024, dur_us: 50 }),
    ...iteration(0, [2], { grid_x: 20, block_x: 1024, dur_us: 20 }),
  ].map((row, i) => ({ ...row, start_us: i * 60 }));
  const { demand } = kernelStats(rows, SMS)!;
  // Per kernel pair: 30 + 30 us at 132 SMs, 50 + 50 at 132, 20 + 20 at 10; 200 us in all.
  t.deepEqual(demand, [
    { sms: 10, share: 40 / 200 },
    { sms: 132, share: 160 / 200 },
  ]);
});
