import test from "ava";
import { replay, type JobTrace } from "../../sim/replay/index.ts";
import { near } from "../helpers/near.ts";

const params = { switchOverhead: 0, mpsMemoryContention: 0 };
const base = { sms: 100, params, durationS: 10, timeSliceS: 0.002 };

/**
 * A step of `kernels` kernels of `durS` each, filling `demand` SMs; the host launches one every `durS + gapS`
 * seconds, so alone the job waits `gapS` for the host before each kernel. Its kernels stream memory unless
 * `memoryBound` is false.
 */
function job(kernels: number, durS: number, gapS: number, demand: number, memoryBound = true): JobTrace {
  const launches = Array.from({ length: kernels }, (_, i) => ({
    launchS: gapS + i * (durS + gapS),
    durS,
    smDemand: demand,
    memoryBound,
  }));
  return { workload: "w", stepS: kernels * (durS + gapS), kernels: launches };
}

test("a job alone steps once per sum of its gaps and kernels", (t) => {
  const result = replay([{ trace: job(10, 0.003, 0.002, 100) }], { ...base, mode: "naive" });
  t.true(near(result.stepsPerSecond[0], 1 / 0.05, { relative: 1e-3 }));
  t.true(near(result.utilization, 0.6, { relative: 1e-3 }));
});

test("naive: two jobs that never leave the GPU split it in time", (t) => {
  const a = job(10, 0.003, 0, 100);
  const result = replay([{ trace: a }, { trace: a }], { ...base, mode: "naive" });
  for (const rate of result.stepsPerSecond) t.true(near(rate, 1 / 0.06, { relative: 0.01 }));
});

test("naive: hand-over costs slow both jobs", (t) => {
  const a = job(10, 0.003, 0, 100);
  const free = replay([{ trace: a }, { trace: a }], { ...base, mode: "naive" }).stepsPerSecond[0];
  const costly = replay([{ trace: a }, { trace: a }], {
    ...base,
    mode: "naive",
    params: { ...params, switchOverhead: 0.2 },
  });
  t.true(costly.stepsPerSecond[0] < free * 0.9);
});

test("mps: kernels that fill half the GPU each run side by side at full speed", (t) => {
  const a = job(10, 0.003, 0, 50);
  const result = replay([{ trace: a }, { trace: a }], { ...base, mode: "mps" });
  for (const rate of result.stepsPerSecond) t.true(near(rate, 1 / 0.03, { relative: 1e-3 }));
  t.true(near(result.smActivity, 1, { relative: 1e-3 }));
});

test("mps: kernels that each fill the GPU share its SMs", (t) => {
  const a = job(10, 0.003, 0, 100);
  const result = replay([{ trace: a }, { trace: a }], { ...base, mode: "mps" });
  for (const rate of result.stepsPerSecond) t.true(near(rate, 1 / 0.06, { relative: 1e-3 }));
});

test("naive: a launch-bound job keeps its pace next to a busy one, whose kernels fill the host's gaps", (t) => {
  // Alone: light steps every 0.05 s using the GPU 20% of the time; heavy never leaves the GPU.
  const light = job(10, 0.001, 0.004, 100);
  const heavy = job(10, 0.003, 0, 100);
  const result = replay([{ trace: light }, { trace: heavy }], { ...base, mode: "naive" });
  t.true(result.stepsPerSecond[0] > 0.8 * 20);
  t.true(result.stepsPerSecond[1] > 0.6 / 0.03);
});

test("mps: a capped job fills at most its cap, so a co-runner of the rest runs beside it at full speed", (t) => {
  // Its trace comes as it runs on its cap (onCap): kernels of 100 SMs held to 25 leave 75 to the other job.
  const capped = { trace: job(10, 0.003, 0, 100), smLimit: 25 };
  const rest = { trace: job(10, 0.003, 0, 75) };
  const result = replay([capped, rest], { ...base, mode: "mps" });
  t.true(near(result.stepsPerSecond[0], 1 / 0.03, { relative: 1e-3 }));
  t.true(near(result.stepsPerSecond[1], 1 / 0.03, { relative: 1e-3 }));
  t.true(near(result.smActivity, 1, { relative: 1e-3 }));
});

test("mps: a kernel launched behind a GPU-filling kernel waits for it; beside a half-filling one it starts at once", (t) => {
  // light: ten 1 ms kernels on 20 SMs, 0.5 ms of host before each; heavy: back-to-back 3 ms kernels.
  const light = job(10, 0.001, 0.0005, 20);
  const alone = replay([{ trace: light }], { ...base, mode: "mps" }).stepsPerSecond[0];
  const behindFull = replay([{ trace: light }, { trace: job(10, 0.003, 0, 100) }], { ...base, mode: "mps" });
  const besideHalf = replay([{ trace: light }, { trace: job(10, 0.003, 0, 50) }], { ...base, mode: "mps" });
  t.true(
    near(besideHalf.stepsPerSecond[0], alone, { relative: 1e-3 }),
    "room beside a 50-SM kernel: no wait",
  );
  // Each light kernel waits for the rest of a 3 ms heavy kernel, longer than the host's 0.5 ms gap.
  t.true(behindFull.stepsPerSecond[0] < 0.7 * alone, `${behindFull.stepsPerSecond[0]} against ${alone}`);
});

test("mps: a kernel behind one of several waves starts in its last wave, on the SMs that wave leaves", (t) => {
  // light: ten 0.5 ms kernels on 20 SMs, 0.5 ms of host before each; heavy: back-to-back 3 ms kernels whose blocks fill
  // 250 SMs' worth, 2.5 waves on 100 SMs: all of them for 2 ms, then fewer and fewer, down to 50, in the last 1 ms.
  const light = job(10, 0.0005, 0.0005, 20);
  const heavy = job(10, 0.003, 0, 100);
  const inWaves = { ...heavy, kernels: heavy.kernels.map((k) => ({ ...k, smLoad: 250 })) };
  const mps = { ...base, mode: "mps" as const };
  const alone = replay([{ trace: light }], mps).stepsPerSecond[0];
  const oneWave = replay([{ trace: light }, { trace: heavy }], mps).stepsPerSecond;
  const waves = replay([{ trace: light }, { trace: inWaves }], mps).stepsPerSecond;
  // Held to the end, each heavy kernel lets one light kernel in; in waves, light runs in every last wave as its
  // earlier waves' SMs free (66 % of its pace alone), and its host's gaps overlap the waits.
  t.true(oneWave[0] < 0.4 * alone, `${oneWave[0]} against ${alone}`);
  t.true(waves[0] > 0.6 * alone && waves[0] > 1.5 * oneWave[0], `${waves[0]} against ${alone}`);
  t.true(near(waves[1], oneWave[1], { relative: 0.05 }), "heavy keeps its pace either way");
});

test("mps: a kernel behind a GPU-filling one runs on the SMs it leaves, at that share of its speed", (t) => {
  // heavy's kernels fill 80 of 100 SMs; light's want 40 and get the 20 left while heavy runs.
  const light = job(10, 0.001, 0, 40);
  const heavy = job(10, 0.003, 0, 80);
  const result = replay([{ trace: heavy }, { trace: light }], { ...base, mode: "mps" });
  const alone = replay([{ trace: light }], { ...base, mode: "mps" }).stepsPerSecond[0];
  t.true(result.stepsPerSecond[1] > 0.3 * alone && result.stepsPerSecond[1] < 0.9 * alone);
});

test("mps: kernels side by side on the SMs still slow each other through DRAM bandwidth", (t) => {
  const a = job(10, 0.003, 0, 50);
  const free = replay(
    [
      { trace: a, dramUtil: 0.5 },
      { trace: a, dramUtil: 0.5 },
    ],
    { ...base, mode: "mps" },
  );
  const contended = replay(
    [
      { trace: a, dramUtil: 0.5 },
      { trace: a, dramUtil: 0.5 },
    ],
    {
      ...base,
      mode: "mps",
      params: { ...params, mpsMemoryContention: 1 },
    },
  );
  // Each slows by 1 / (1 + 1 * 0.5): two thirds of its speed.
  t.true(near(contended.stepsPerSecond[0], (2 / 3) * free.stepsPerSecond[0], { relative: 1e-3 }));
});

test("mps: compute-bound kernels keep their speed beside a co-runner's DRAM traffic", (t) => {
  const streaming = job(10, 0.003, 0, 50);
  const compute = job(10, 0.003, 0, 50, false);
  const contended = { ...base, mode: "mps" as const, params: { ...params, mpsMemoryContention: 1 } };
  const pair = replay(
    [
      { trace: compute, dramUtil: 0 },
      { trace: streaming, dramUtil: 0.5 },
    ],
    contended,
  );
  const alone = replay([{ trace: compute, dramUtil: 0 }], contended).stepsPerSecond[0];
  t.true(near(pair.stepsPerSecond[0], alone, { relative: 1e-3 }));
});
