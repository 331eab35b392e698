import test from "ava";
import { replay, replayJob, TIME_SLICE_S, type JobTrace } from "../../sim/replay/index.ts";
import { gpuTime, hostTime } from "../../sim/sharing/sm-scaling.ts";
import { dramWhileBusy } from "../../sim/sharing/index.ts";
import { near } from "../helpers/near.ts";
import { gpu, profile } from "../sharing/profiles.ts";

/** Ten 5 ms kernels on all of the test GPU's 100 SMs, launched 2 ms apart: a 0.1 s step, busy half of it. */
const trace: JobTrace = {
  workload: "w",
  stepS: 0.1,
  kernels: Array.from({ length: 10 }, (_, i) => ({
    launchS: i * 0.002,
    durS: 0.005,
    smDemand: 100,
    memoryBound: true,
  })),
};
const w = profile("w", 0.5, 0.7);

const alone = (job: ReturnType<typeof replayJob>) =>
  replay([job], {
    mode: "mps",
    sms: gpu.sms,
    params: { switchOverhead: 0, mpsMemoryContention: 0 },
    // Long enough that the step cut short at the end hardly counts.
    durationS: 100,
    timeSliceS: TIME_SLICE_S,
  }).stepsPerSecond[0];

test("uncapped, a job replays its recorded step as it is", (t) => {
  for (const cap of [undefined, gpu.sms])
    t.deepEqual(replayJob(trace, w, cap, gpu.sms), { trace, smLimit: cap, dramUtil: dramWhileBusy(w) });
});

test("on a cap, a job replayed alone steps at its SM curve's step time there", (t) => {
  for (const cap of [20, 50, 80]) {
    const job = replayJob(trace, w, cap, gpu.sms);
    const curve = hostTime(w) + gpuTime(w, cap);
    t.true(
      near(1 / alone(job), curve, { relative: 1e-3 }),
      `${cap} SMs: ${1 / alone(job)} s, curve ${curve} s`,
    );
    t.true(job.trace.kernels.every((k) => k.smDemand === cap));
    // Longer kernels move the same bytes: DRAM utilization falls by the stretch.
    const kernelS = (x: JobTrace) => x.kernels.reduce((s, k) => s + k.durS, 0);
    t.true(near(job.dramUtil! * kernelS(job.trace), dramWhileBusy(w) * kernelS(trace), { relative: 1e-9 }));
  }
});
