import test from "ava";
import { onCap, smDemand, traceFromKernels } from "../../sim/replay/index.ts";
import { DRAIN_STEPS, heldSms } from "../../sim/replay/trace.ts";
import { near } from "../helpers/near.ts";

/** Times built from sums of the same floats. */
const EXACT = { absolute: 1e-12 };

test("smDemand: blocks over the blocks one SM holds, capped at the GPU", (t) => {
  // 256-thread blocks: 8 per SM by the 2048-thread limit; 80 blocks fill 10 SMs.
  t.is(smDemand(80, 256, null, null, 132), 10);
  // Register pressure: 128 registers x 256 threads = 32K, so 2 blocks per SM.
  t.is(smDemand(80, 256, 128, null, 132), 40);
  t.is(smDemand(100_000, 256, null, null, 132), 132);
});

test("traceFromKernels: a kernel's load is its blocks over the blocks one SM holds, uncapped (waves beyond the GPU)", (t) => {
  const big = { ...k(100, 100), blocks: 4000 };
  const trace = traceFromKernels("w", [k(0, 100), big], 0.0002, 132);
  // 256-thread blocks, 8 per SM: 1,000 blocks load 125 SMs, 4,000 load 500 (capped at 132 as a demand).
  t.deepEqual(
    trace.kernels.map((x) => [x.smLoad, x.smDemand]),
    [
      [125, 125],
      [500, 132],
    ],
  );
});

const k = (startUs: number, durUs: number, memoryBound = false) => ({
  startUs,
  durUs,
  blocks: 1000,
  threadsPerBlock: 256,
  registers: null,
  sharedBytes: null,
  memoryBound,
});

test("traceFromKernels: a kernel after a gap was launched when it started; one right after its predecessor, no later", (t) => {
  // Kernels of 100 us: the second starts right after the first, the third after a 100 us gap; the step lasts 500 us.
  const trace = traceFromKernels("w", [k(0, 100), k(100, 100), k(300, 100)], 0.0005, 132);
  // 200 us of host time: 100 us between the second and third kernels, the other 100 us before the first.
  t.true(near(trace.kernels[0].launchS, 0.0001, EXACT));
  t.true(near(trace.kernels[1].launchS, 0.0001, EXACT));
  t.true(near(trace.kernels[2].launchS, 0.0004, EXACT));
  t.true(near(trace.stepS, 0.0005, EXACT));
});

test("traceFromKernels: kernels of several streams that ran at once count for their time past the earlier ones", (t) => {
  // 0-100 us, 50-150 us (on another stream: 50 us past the first) and 60-90 us (wholly inside: dropped).
  const trace = traceFromKernels("w", [k(0, 100), k(50, 100), k(60, 30)], 0.00015, 132);
  t.deepEqual(
    trace.kernels.map((x) => Math.round(x.durS * 1e6)),
    [100, 50],
  );
  // The GPU time is the 150 us some kernel ran, the step's whole: replayed alone the job steps as measured.
  t.true(near(trace.stepS, 0.00015, EXACT));
});

test("traceFromKernels: gaps shrink when tracing slowed the host beyond the untraced step", (t) => {
  const trace = traceFromKernels("w", [k(0, 100), k(300, 100)], 0.0003, 132);
  t.true(near(trace.kernels[1].launchS, 0.0002, EXACT));
  t.true(near(trace.stepS, 0.0003, EXACT));
});

test("traceFromKernels: each kernel keeps its class (memory- or compute-bound) in start order", (t) => {
  const trace = traceFromKernels("w", [k(200, 100, true), k(0, 100)], 0.0003, 132);
  t.deepEqual(
    trace.kernels.map((x) => x.memoryBound),
    [false, true],
  );
});

test("onCap: the kernels wider than the cap stretch alike to the time asked, the ones that fit keep theirs", (t) => {
  const narrow = { launchS: 0, durS: 0.001, smDemand: 20, memoryBound: false };
  const wide = { launchS: 0, durS: 0.002, smDemand: 100, smLoad: 300, memoryBound: true };
  const trace = { workload: "w", stepS: 0.01, kernels: [narrow, wide, wide] };
  // 9 ms of kernels asked for on 25 SMs: the 1 ms narrow kernel fits, the wide ones make up 8 ms between them.
  const capped = onCap(trace, 25, 0.009);
  t.deepEqual(capped.kernels[0], narrow);
  for (const k of capped.kernels.slice(1)) {
    t.true(near(k.durS, 0.004, EXACT));
    t.is(k.smDemand, 25);
    t.is(k.smLoad, 300);
  }
  // Never faster than alone on the whole GPU.
  t.deepEqual(
    onCap(trace, 25, 0.001).kernels.map((k) => k.durS),
    [0.001, 0.002, 0.002],
  );
});

test("heldSms: all the SMs before a kernel's last wave, then down to that wave's as the earlier waves' blocks retire", (t) => {
  // 250 SMs' worth of blocks on 100 SMs: three waves, the last of 50 SMs.
  const k = { launchS: 0, durS: 0.003, smDemand: 100, smLoad: 250, memoryBound: false };
  t.is(heldSms(k, 100), 100);
  const drain = Array.from({ length: DRAIN_STEPS }, (_, step) => heldSms(k, 100, step));
  t.deepEqual(drain, [93.75, 81.25, 68.75, 56.25]);
  // A kernel of one wave holds its demand throughout.
  t.is(heldSms({ ...k, smDemand: 40, smLoad: 40 }, 100, 2), 40);
});
