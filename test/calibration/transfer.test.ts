import test from "ava";
import { gpuTimeFactor, transferProfile } from "../../calibration/transfer.ts";
import { gpu } from "../../sim/hardware/names.ts";
import { truth } from "./synthetic.ts";

const h200 = gpu("H200-141GB");
const a100 = gpu("A100-SXM4-40GB");

test("compute-bound GPU time scales by the TF32 peaks, memory-bound by the bandwidths", (t) => {
  t.is(gpuTimeFactor(h200, a100, 0), h200.tf32Tflops / a100.tf32Tflops);
  t.is(gpuTimeFactor(h200, a100, 1), h200.memoryBandwidthBytesPerS / a100.memoryBandwidthBytesPerS);
});

test("a transferred profile keeps its host time, is slower on the A100 and is marked", (t) => {
  const source = truth.workloads.medium;
  const moved = transferProfile(source, h200, a100);
  t.true(moved.transferred);
  t.is(moved.gpu, a100.name);
  const host = (p: typeof source) => (1 - p.busyFraction) * p.stepTimeS;
  t.true(Math.abs(host(moved) - host(source)) < 1e-12);
  t.true(moved.stepTimeS > source.stepTimeS);
  t.is(moved.smCurve.referenceSms, a100.sms);
  t.is(moved.memoryBytes, source.memoryBytes);
});

test("transferring to the same GPU changes no number", (t) => {
  const source = truth.workloads.large;
  const same = transferProfile(source, h200, h200);
  t.true(Math.abs(same.stepTimeS - source.stepTimeS) < 1e-12);
  t.true(Math.abs(same.smCurve.parallelS - source.smCurve.parallelS) < 1e-12);
  t.true(Math.abs(same.powerW - source.powerW) < 1e-9);
});

test("a probed workload's started-together kernels last as much longer on the target as its solo ones", (t) => {
  const kernels = { perStep: 500, exposedPerStep: 20, meanUs: 150, turnUs: 180, largeShare: 0.9 };
  const source = {
    ...truth.workloads.medium,
    kernels: { ...kernels, meanUs: 40, turnUs: 90 },
    startedTogether: { kernels },
  };
  const moved = transferProfile(source, h200, a100);
  const k = moved.kernels!.meanUs / 40;
  t.true(k > 1);
  t.deepEqual(moved.startedTogether, { kernels: { ...kernels, meanUs: k * 150, turnUs: k * 180 } });
});
