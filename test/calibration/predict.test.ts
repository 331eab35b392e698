import test from "ava";
import { predictRun } from "../../calibration/predict.ts";
import { InputError } from "../../sim/input-error.ts";
import { truth } from "./synthetic.ts";

const run = {
  source: "run-1",
  gpu: "NVIDIA H200",
  mode: "naive" as const,
  processes: [{ workload: "small" }, { workload: "medium" }],
};

test("a run is predicted per process, in images per second too", (t) => {
  const predicted = predictRun(truth, run);
  t.is(predicted.procs.length, 2);
  for (const p of predicted.procs) t.true(Math.abs(p.throughputImgS - p.stepsPerSecond * 128) < 1e-9);
  // Processes' memory plus the GPU's idle baseline is what NVML would show.
  t.is(predicted.memoryUsedBytes, predicted.memoryBytes + truth.gpu.baselineMemoryBytes);
});

test("a run from another GPU than the set's is bad input", (t) => {
  const error = t.throws(() => predictRun(truth, { ...run, gpu: "NVIDIA A100-SXM4-40GB" }), {
    instanceOf: InputError,
  });
  t.regex(error.message, /run-1: gpu/);
});

test("a workload the set lacks is bad input naming the process", (t) => {
  const error = t.throws(() => predictRun(truth, { ...run, processes: [{ workload: "vit-huge" }] }), {
    instanceOf: InputError,
  });
  t.regex(error.message, /processes\[0\]/);
});
