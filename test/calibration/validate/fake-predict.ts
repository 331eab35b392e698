/**
 * A stand-in for the sharing models with round numbers, so validation arithmetic can be checked by hand:
 * every job 500 images/s (batch 128), utilization 80%, SM activity 50%, 12 GiB used, 400 W; the first six
 * resnet152 copies of a run predicted out of memory (of seven: the run's OOM predicted, one process missed).
 */
import type { Predict } from "../../../calibration/validate/compare.ts";

export const GIB = 2 ** 30;

export const fakePredict: Predict = (run) => ({
  procs: run.processes.map((p, i) => {
    const oom = p.workload.startsWith("resnet152") && i < 6;
    return { workload: p.workload, stepsPerSecond: oom ? 0 : 500 / 128, throughputImgS: oom ? 0 : 500, oom };
  }),
  utilization: 0.8,
  smActivity: 0.5,
  memoryBytes: 11 * GIB,
  memoryUsedBytes: 12 * GIB,
  powerW: 400,
});
