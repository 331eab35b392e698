import test from "ava";
import { stretchedKernels, timeLine } from "../../calibration/time-line.ts";
import type { IterationRow, KernelRow } from "../../calibration/ingest/tables.ts";

const RUN = "naive__a+b";

const kernel = (proc: number, iter: number, start_us: number, dur_us: number, name = "k"): KernelRow => ({
  run_id: RUN,
  proc,
  iter,
  name,
  start_us,
  dur_us,
  grid_x: 1,
  grid_y: 1,
  grid_z: 1,
  block_x: 128,
  block_y: 1,
  block_z: 1,
  registers: null,
  shared_mem_bytes: null,
  stream: 7,
});

const iteration = (proc: number, iter: number, start_unix_us: number | null): IterationRow => ({
  run_id: RUN,
  proc,
  iter,
  wall_us: 1000,
  busy_us: 0,
  idle_us: 0,
  gap_count: 0,
  max_gap_us: 0,
  kernel_count: 0,
  start_unix_us,
});

test("two processes' kernels on one clock: process 1's trace started 100 us after process 0's", (t) => {
  // Process 0 on the wall clock: [0, 300) and [600, 700); process 1 (origin 100): [300, 600), and [650, 750) overlapping.
  const kernels = [
    kernel(0, 0, 0, 300),
    kernel(0, 0, 600, 100),
    kernel(1, 0, 200, 300),
    kernel(1, 0, 550, 100),
  ];
  const line = timeLine(RUN, kernels, [iteration(0, 0, 1e15), iteration(1, 0, 1e15 + 100)])!;
  // Both traced from 300 (process 1's first kernel) to 700 (process 0's last end).
  t.deepEqual(line.procs, [0, 1]);
  t.is(line.windowUs, 400);
  t.deepEqual(line.busyUs, [100, 350]);
  t.is(line.overlapUs, 50);
  // In the window, in start order: 1 [300, 600), 0 [600, 700), 1 [650, 750): one stretch of each but process 1's two.
  t.deepEqual(line.medianStretchUs, [100, 200]);
});

test("a process's later iterations count from its first traced iteration", (t) => {
  const kernels = [kernel(0, 0, 0, 50), kernel(0, 1, 500, 50), kernel(1, 0, 0, 100), kernel(1, 1, 300, 100)];
  const iterations = [
    iteration(0, 1, 1e15 + 500), // listed first: the origin is iteration 0's start all the same
    iteration(0, 0, 1e15),
    iteration(1, 0, 1e15 + 100),
    iteration(1, 1, 1e15 + 400),
  ];
  const line = timeLine(RUN, kernels, iterations)!;
  // Process 0: [0, 50) and [500, 550); process 1: [100, 200) and [400, 500): both traced over [100, 500].
  t.is(line.windowUs, 400);
  t.deepEqual(line.busyUs, [0, 200]);
  t.is(line.overlapUs, 0);
});

test("no time line without two processes' wall-clock starts", (t) => {
  const kernels = [kernel(0, 0, 0, 10), kernel(1, 0, 0, 10)];
  t.is(timeLine(RUN, kernels, [iteration(0, 0, 1e15), iteration(1, 0, null)]), undefined);
  t.is(timeLine(RUN, [kernel(0, 0, 0, 10)], [iteration(0, 0, 1e15)]), undefined);
  // Spans that never meet.
  t.is(timeLine(RUN, kernels, [iteration(0, 0, 1e15), iteration(1, 0, 1e15 + 50)]), undefined);
});

test("a kernel's stretch is its duration over the median of its name's kernels alone; unknown names are left out", (t) => {
  const solo = [kernel(0, 0, 0, 4, "relu"), kernel(0, 0, 10, 6, "relu"), kernel(0, 0, 20, 100, "gemm")];
  const shared = [
    kernel(0, 0, 0, 5, "relu"), // 0 us longer than relu's median alone (5): not stretched
    kernel(0, 0, 10, 2505, "relu"), // switched out for a 2.5 ms turn
    kernel(0, 0, 20, 400, "gemm"), // 300 us longer
    kernel(0, 0, 30, 9000, "new"), // no solo kernel of its name
  ];
  t.deepEqual(stretchedKernels(shared, solo), [2500, 300]);
  t.deepEqual(stretchedKernels(shared, solo, 1000), [2500]);
});
