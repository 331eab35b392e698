import test from "ava";
import { InputError } from "../../sim/input-error.ts";
import { combineInstances, share } from "../../sim/sharing/index.ts";
import { gpu, params, profile } from "./profiles.ts";
import { near } from "../helpers/near.ts";

/** Model figures against their closed forms, relative to their size (absolute below 1). */
const CLOSE = { relative: 1e-6, absolute: 1e-6 };

test("exclusive: a job alone runs at its solo step time", (t) => {
  const result = share(gpu, { mode: "exclusive" }, [{ profile: profile("a", 0.6) }], params);
  t.true(near(result.stepsPerSecond[0], 10, CLOSE));
  t.true(near(result.utilization, 0.6, CLOSE));
  t.is(result.memoryBytes, 10e9);
  // Dynamic energy per step at the solo pace: the solo power.
  t.true(near(result.powerW, 280, CLOSE));
});

test("exclusive: an SM cap of half the GPU doubles a fully parallel kernel phase", (t) => {
  const result = share(gpu, { mode: "exclusive" }, [{ profile: profile("a", 0.5), smLimit: 50 }], params);
  // host 0.05 s + kernels 0.05 s * (100/50)
  t.true(near(1 / result.stepsPerSecond[0], 0.15, CLOSE));
});

test("naive: two always-busy jobs split the GPU in time", (t) => {
  const a = profile("a", 1);
  const result = share(gpu, { mode: "naive" }, [{ profile: a }, { profile: a }], params);
  for (const rate of result.stepsPerSecond) t.true(near(rate, 5, { relative: 1e-3, absolute: 1e-3 }));
  t.true(near(result.utilization, 1, { relative: 1e-3, absolute: 1e-3 }));
});

test("naive: jobs whose GPU demands fit together run at their solo pace", (t) => {
  const light = profile("light", 0.1);
  const result = share(gpu, { mode: "naive" }, [{ profile: light }, { profile: light }], params);
  for (const rate of result.stepsPerSecond) t.true(near(rate, 10, CLOSE));
});

test("naive: time is shared max-min fairly, so a light job keeps its pace next to a heavy one", (t) => {
  // Demands 0.3 and 1 of the GPU's time: the light job gets its 0.3, the heavy one the remaining 0.7.
  const runners = [{ profile: profile("light", 0.3) }, { profile: profile("heavy", 1) }];
  const result = share(gpu, { mode: "naive" }, runners, params);
  t.true(near(result.stepsPerSecond[0], 10, CLOSE));
  t.true(near(result.stepsPerSecond[1], 0.7 / 0.1, CLOSE));
});

test("naive: context switches take their share of the GPU's time while jobs contend", (t) => {
  const a = profile("a", 1);
  const result = share(gpu, { mode: "naive" }, [{ profile: a }, { profile: a }], {
    ...params,
    switchOverhead: 0.25,
  });
  for (const rate of result.stepsPerSecond) t.true(near(rate, 1 / (2 * 1.25 * 0.1), CLOSE));
});

test("naive: a job that launches onto its own idle GPU waits for its context to come back, while co-runners have work", (t) => {
  // 100 launches a step onto an idle GPU, beside a job holding the GPU 0.7 of the time (what the light one leaves).
  const light = {
    ...profile("light", 0.3),
    kernels: { perStep: 200, exposedPerStep: 100, meanUs: 30, turnUs: 30 },
  };
  const heavy = profile("heavy", 1);
  const switchBack = { ...params, naiveSwitchBackUs: 100 };
  const [lightRate] = share(
    gpu,
    { mode: "naive" },
    [{ profile: light }, { profile: heavy }],
    switchBack,
  ).stepsPerSecond;
  // Its step stretches by 100 launches x 100 us x the co-runner's 0.7 or so of the GPU: about 7 ms on 0.1 s.
  t.true(lightRate < 10 / 1.05 && lightRate > 10 / 1.1, `${lightRate}`);
  t.true(
    near(
      share(gpu, { mode: "naive" }, [{ profile: light }, { profile: heavy }], params).stepsPerSecond[0],
      10,
      CLOSE,
    ),
  );
  t.true(
    near(share(gpu, { mode: "naive" }, [{ profile: light }], switchBack).stepsPerSecond[0], 10, CLOSE),
    "alone: no wait",
  );
});

test("naive: a job held to its share still waits after its yields, and its co-runner takes what it yields", (t) => {
  // Demands 0.6 and 1 of the GPU's time: without waits each holds 0.5. The launch-bound one also yields 100 times a
  // step and waits 100 us each time the co-runner holds the GPU (u, its share), so it uses 0.06 / (0.06 / 0.5 + W).
  const launchBound = {
    ...profile("launch-bound", 0.6),
    kernels: { perStep: 200, exposedPerStep: 100, meanUs: 30, turnUs: 30 },
  };
  const runners = [{ profile: launchBound }, { profile: profile("heavy", 1) }];
  const [light, heavy] = share(gpu, { mode: "naive" }, runners, {
    ...params,
    naiveSwitchBackUs: 100,
  }).stepsPerSecond;
  const u = heavy * 0.1;
  t.true(near(light, 1 / (0.06 / 0.5 + 100 * 100e-6 * u), { relative: 1e-4, absolute: 1e-4 }), `${light}`);
  t.true(
    near(light * 0.06 + u, 1, { relative: 1e-9, absolute: 1e-9 }),
    "what it yields goes to the co-runner",
  );
  t.true(light * 0.06 < 0.49 && u > 0.51, `${light * 0.06} ${u}`);
  // Without the wait both hold half the GPU.
  const even = share(gpu, { mode: "naive" }, runners, params).stepsPerSecond;
  t.true(near(even[0] * 0.06, 0.5, CLOSE) && near(even[1] * 0.1, 0.5, CLOSE));
});

test("naive: copies that wait alike hand each other what they yield, so they split the GPU evenly", (t) => {
  const copy = {
    ...profile("copy", 0.9),
    kernels: { perStep: 200, exposedPerStep: 50, meanUs: 30, turnUs: 30 },
  };
  const rates = share(gpu, { mode: "naive" }, [{ profile: copy }, { profile: copy }], {
    ...params,
    naiveSwitchBackUs: 100,
  }).stepsPerSecond;
  t.true(near(rates[0], rates[1], CLOSE));
  t.true(near(rates[0] * 0.09, 0.5, { relative: 1e-3, absolute: 1e-3 }), `${rates[0] * 0.09}`);
});

test("mps: kernels that leave SMs idle let co-runners in, so two busy jobs beat time-slicing", (t) => {
  // Kernels keep 80% of the GPU active: each job holds 0.8 of it per unit of kernel time.
  const a = profile("a", 1);
  const pair = [{ profile: a }, { profile: a }];
  const result = share(gpu, { mode: "mps" }, pair, params);
  for (const rate of result.stepsPerSecond) t.true(near(rate, 0.5 / (0.8 * 0.1), CLOSE));
  t.true(share(gpu, { mode: "naive" }, pair, params).stepsPerSecond[0] < result.stepsPerSecond[0]);
});

test("mps-partitioned: disjoint SM caps give each job its capped solo speed when the GPU has room", (t) => {
  const a = profile("a", 1);
  const runners = [
    { profile: a, smLimit: 50 },
    { profile: a, smLimit: 50 },
  ];
  const result = share(gpu, { mode: "mps" }, runners, params);
  for (const rate of result.stepsPerSecond) t.true(near(rate, 5, CLOSE));
});

/** A launch-bound profile: busy half of each 0.1-s step, its step no slower on fewer SMs (alpha 0). */
const launchBound = (demand?: { sms: number; share: number }[]) => ({
  ...profile("launch-bound", 0.5, 0),
  kernels: { perStep: 500, exposedPerStep: 400, meanUs: 100, turnUs: 100, demand },
});

test("one capped job, under MPS or alone: its kernels run on into the host's gaps as far as the SMs they fill say", (t) => {
  // Kernels that fill all 100 SMs take twice as long on 50: 0.1 s of each step, the GPU always busy; kernels that
  // fill 40 SMs do not stretch, and the host's 0.05 s stay idle, as they do without the kernels' SM demand.
  const mixed = [
    { sms: 100, share: 0.4 },
    { sms: 40, share: 0.6 },
  ];
  for (const mode of ["mps", "exclusive"] as const) {
    const capped = (demand?: { sms: number; share: number }[]) =>
      share(gpu, { mode }, [{ profile: launchBound(demand), smLimit: 50 }], params);
    t.true(near(capped([{ sms: 100, share: 1 }]).stepsPerSecond[0], 10, CLOSE), mode);
    t.true(near(capped([{ sms: 100, share: 1 }]).utilization, 1, CLOSE), mode);
    t.true(near(capped(mixed).utilization, 0.7, CLOSE), mode);
    t.true(near(capped([{ sms: 40, share: 1 }]).utilization, 0.5, CLOSE), mode);
    t.true(near(capped(undefined).utilization, 0.5, CLOSE), mode);
  }
});

test("mps: interference leaves less of the idle capacity to co-runners", (t) => {
  // Kernels keep a = 0.8 of the SMs active; beside another workload they hold 0.8 + 0.5 * 0.2 = 0.9 of the GPU.
  const pair = [{ profile: profile("a", 1) }, { profile: profile("b", 1) }];
  const slowed = share(gpu, { mode: "mps" }, pair, { ...params, mpsInterference: 0.5 });
  t.true(near(slowed.stepsPerSecond[0], 0.5 / (0.9 * 0.1), CLOSE));
});

test("mps: the idle part counts only while large kernels run: small ones leave their SMs to co-runners", (t) => {
  // b spends half its kernel time in small kernels: it holds 0.8 + 0.5 * 0.5 * 0.2 = 0.85 of the GPU beside a's 0.9.
  // Its trace gives the turn weight a has without one (100-us large kernels, 10 a millisecond) and no exposed kernels.
  const kernels = { perStep: 1000, exposedPerStep: 0, meanUs: 100, turnUs: 100, largeShare: 0.5 };
  const pair = [{ profile: profile("a", 1) }, { profile: { ...profile("b", 1), kernels } }];
  const result = share(gpu, { mode: "mps" }, pair, { ...params, mpsInterference: 0.5 });
  t.true(near(result.stepsPerSecond[0], 0.5 / (0.9 * 0.1), CLOSE));
  t.true(near(result.stepsPerSecond[1], 0.5 / (0.85 * 0.1), CLOSE));
});

test("mps: the idle part a job's kernels leave is lost only if every co-runner leaves it (a product)", (t) => {
  const a = profile("a", 1);
  const sharing = { ...params, mpsInterference: 0.5, mpsInterferenceSame: 0.4 };
  const copies = share(gpu, { mode: "mps" }, [{ profile: a }, { profile: a }], sharing);
  // phi = 0.8 + 0.2 * 0.4 = 0.88 each: the pair asks for 1.76 of the GPU and each gets half.
  t.true(near(copies.stepsPerSecond[0], 0.5 / (0.88 * 0.1), CLOSE));
  // Beside one copy and one other workload, each copy's phi is 0.8 + 0.2 * (0.4 * 0.5) = 0.84; the other's, beside
  // two others, 0.8 + 0.2 * 0.5 * 0.5 = 0.85. Equal weights split the capacity in three equal shares.
  const trio = share(
    gpu,
    { mode: "mps" },
    [{ profile: a }, { profile: a }, { profile: profile("b", 1) }],
    sharing,
  );
  t.true(near(trio.stepsPerSecond[0], 1 / 3 / (0.84 * 0.1), CLOSE));
  t.true(near(trio.stepsPerSecond[2], 1 / 3 / (0.85 * 0.1), CLOSE));
  // Four different workloads: 0.8 + 0.2 * 0.5 ** 3 = 0.825 each, a quarter of the capacity each.
  const four = share(
    gpu,
    { mode: "mps" },
    ["a", "b", "c", "d"].map((id) => ({ profile: profile(id, 1) })),
    sharing,
  );
  t.true(near(four.stepsPerSecond[3], 1 / 4 / (0.825 * 0.1), CLOSE));
});

/** "small" launches 100 kernels a step, each onto an idle stream; "busy" keeps the GPU full with 10 long kernels. */
function launchBoundAndBusy() {
  const kernels = (perStep: number, exposedPerStep: number, us: number) => ({
    perStep,
    exposedPerStep,
    meanUs: us,
    turnUs: us,
  });
  return {
    small: { ...profile("small", 0.3), kernels: kernels(100, 100, 30) },
    busy: { ...profile("busy", 1), kernels: kernels(10, 0, 1000) },
  };
}

test("mps: a launch-bound job's kernels wait behind busy co-runners' kernels; time-slicing spares it that", (t) => {
  const { small, busy } = launchBoundAndBusy();
  const runners = [{ profile: small }, { profile: busy }, { profile: busy }];
  const waiting = { ...params, mpsKernelWait: 0.5 };
  const without = share(gpu, { mode: "mps" }, runners, params).stepsPerSecond;
  const withWait = share(gpu, { mode: "mps" }, runners, waiting).stepsPerSecond;
  t.true(withWait[0] < 0.7 * without[0], `small: ${withWait[0]} against ${without[0]} without the wait`);
  t.true(withWait[1] >= without[1], "the busy co-runners get what the small job leaves");
  t.true(withWait[0] < share(gpu, { mode: "naive" }, runners, waiting).stepsPerSecond[0]);
});

test("mps-partitioned: partitions that fit side by side never wait for each other's kernels", (t) => {
  const { small, busy } = launchBoundAndBusy();
  const runners = [
    { profile: small, smLimit: 50 },
    { profile: busy, smLimit: 50 },
  ];
  const waiting = share(gpu, { mode: "mps" }, runners, { ...params, mpsKernelWait: 0.5 });
  t.deepEqual(waiting.stepsPerSecond, share(gpu, { mode: "mps" }, runners, params).stepsPerSecond);
});

test("mps-partitioned: overlapping caps leave each job the SMs its co-runners' caps cannot take", (t) => {
  // Both always busy, phi 1 (every idle SM lost), turn weights 10 : 90 by their large kernels alone.
  const sharing = {
    ...params,
    mpsInterference: 1,
    mpsWeightKernel: 1,
    mpsWeightRate: 0,
    mpsWeightActivity: 0,
    mpsKernelWait: 0,
    mpsMemoryContention: 0,
  };
  const withKernels = (id: string, turnUs: number) => ({
    ...profile(id, 1),
    kernels: { perStep: 100, exposedPerStep: 0, meanUs: turnUs, turnUs, largeShare: 1 },
  });
  const jobs = (smLimit?: number) => [
    { profile: withKernels("light", 10), smLimit },
    { profile: withKernels("heavy", 90), smLimit },
  ];
  // Uncapped, each asks for the whole GPU; the heavy job's weight takes 0.9 of it, the light one 0.1: 1 step/s.
  const open = share(gpu, { mode: "mps" }, jobs(), sharing);
  t.true(near(open.stepsPerSecond[0], 1, CLOSE));
  t.true(near(open.stepsPerSecond[1], 9, CLOSE));
  // Capped at 90 of 100 SMs, each asks for 0.1 / 0.111 s = 0.9 and always finds the 10 SMs the other cannot hold:
  // 0.1 each first, the other 0.8 by weight (0.72 and 0.08): 0.18 and 0.82 of the GPU for 0.1 s of kernels a step.
  const capped = share(gpu, { mode: "mps" }, jobs(90), sharing);
  t.true(near(capped.stepsPerSecond[0], 1.8, CLOSE));
  t.true(near(capped.stepsPerSecond[1], 8.2, CLOSE));
});

test("mps-partitioned: partitions side by side still slow each other through DRAM bandwidth", (t) => {
  // Two jobs streaming DRAM on half the SMs each: no SM is shared, the memory system is.
  const streaming = { ...profile("streaming", 1), dramUtil: 0.8, memoryBoundFraction: 1 };
  const compute = { ...profile("compute", 1), dramUtil: 0 };
  const runners = (other: typeof compute) => [
    { profile: streaming, smLimit: 50 },
    { profile: other, smLimit: 50 },
  ];
  const contention = { ...params, mpsMemoryContention: 0.4 };
  const alone = share(gpu, { mode: "mps" }, runners(streaming), params).stepsPerSecond[0];
  const beside = share(gpu, { mode: "mps" }, runners(streaming), contention).stepsPerSecond[0];
  const besideCompute = share(gpu, { mode: "mps" }, runners(compute), contention).stepsPerSecond[0];
  t.true(beside < alone * 0.97, "a streaming neighbour slows it");
  t.true(near(besideCompute, alone, CLOSE), "a neighbour with no DRAM traffic does not");
  // Only memory-bound kernels wait on DRAM: a job of compute-bound kernels keeps its speed beside a streaming one.
  const computeAlone = share(gpu, { mode: "mps" }, [{ profile: compute, smLimit: 50 }], contention);
  const computeBeside = share(gpu, { mode: "mps" }, runners(compute), contention);
  t.true(
    near(computeBeside.stepsPerSecond[1], computeAlone.stepsPerSecond[0], CLOSE),
    "a compute-bound job is not",
  );
});

test("mps: who wins is decided by turns at the SMs: long kernels keep more of the GPU than short ones", (t) => {
  const kernels = (meanUs: number) => ({ perStep: 100, exposedPerStep: 0, meanUs, turnUs: meanUs });
  const long = { ...profile("long", 1), kernels: kernels(200) };
  const short = { ...profile("short", 1), kernels: kernels(50) };
  const pair = [{ profile: long }, { profile: short }];
  const equal = share(gpu, { mode: "mps" }, pair, params).stepsPerSecond;
  t.true(near(equal[0], equal[1], CLOSE), "weights off (exponents 0): equal turns");
  const weighted = share(gpu, { mode: "mps" }, pair, { ...params, mpsWeightKernel: 1 }).stepsPerSecond;
  // Both want 0.8 of the capacity: 200 to 50 divides it 0.8 (all the long job wants) to 0.2.
  t.true(near(weighted[0], 10, CLOSE), `long: ${weighted[0]}`);
  t.true(near(weighted[1], 0.2 / (0.8 * 0.1), CLOSE), `short: ${weighted[1]}`);
  // Kernels that keep more SMs active take longer turns too.
  const sparse = { ...profile("sparse", 1), smActivity: 0.4 };
  const dense = profile("dense", 1);
  const byActivity = share(gpu, { mode: "mps" }, [{ profile: sparse }, { profile: dense }], {
    ...params,
    mpsWeightActivity: 2,
  }).stepsPerSecond;
  t.true(byActivity[1] > byActivity[0]);
});

test("SM activity: a job capped to a quarter of the SMs keeps at most a quarter of them active", (t) => {
  // Kernels that cannot use more SMs (alpha 0) run as fast on 25 SMs; alone they kept 80% of all SMs active.
  const wide = profile("a", 1, 0);
  const capped = share(gpu, { mode: "mps" }, [{ profile: wide, smLimit: 25 }], params);
  t.true(near(capped.stepsPerSecond[0], 10, CLOSE));
  t.true(near(capped.smActivity, 0.25, CLOSE));
  t.true(near(share(gpu, { mode: "mps" }, [{ profile: wide }], params).smActivity, 0.8, CLOSE));
});

test("power: a board doing less than one solo's worth of work draws more than its steps' share", (t) => {
  const a = profile("a", 0.5); // 0.1 s steps, half of them kernels, 250 W alone
  const loaded = { ...params, powerLoadExponent: 0.5 };
  t.true(near(share(gpu, { mode: "exclusive" }, [{ profile: a }], loaded).powerW, 250, CLOSE));
  // Capped to half the SMs: 0.15 s steps, 2/3 of a solo's; its steps' 100 W above idle times (2/3)^-0.5.
  const capped = share(gpu, { mode: "exclusive" }, [{ profile: a, smLimit: 50 }], loaded);
  t.true(near(capped.load, 2 / 3, CLOSE));
  t.true(near(capped.powerW, 100 + 100 * Math.sqrt(1.5), CLOSE));
  // In proportion to the steps with the exponent at 1.
  t.true(near(share(gpu, { mode: "exclusive" }, [{ profile: a, smLimit: 50 }], params).powerW, 200, CLOSE));
  // Two such jobs under MPS do more than a solo's worth: their steps' power, whatever the exponent.
  const pair = share(gpu, { mode: "mps" }, [{ profile: a }, { profile: a }], loaded);
  t.true(pair.load >= 1);
  const proportional = share(gpu, { mode: "mps" }, [{ profile: a }, { profile: a }], params);
  t.true(near(pair.powerW, proportional.powerW, CLOSE));
});

test("power: jobs that would draw more than the board's limit are slowed until they fit", (t) => {
  const a = profile("a", 1); // 300 W above idle at full pace
  const limited = { ...params, maxPowerW: 400 };
  const result = share(gpu, { mode: "mps" }, [{ profile: a }, { profile: a }], limited);
  t.true(near(result.powerW, 400, CLOSE));
  const free = share(gpu, { mode: "mps" }, [{ profile: a }, { profile: a }], params);
  t.true(near(result.stepsPerSecond[0], (free.stepsPerSecond[0] * 300) / (free.powerW - 100), CLOSE));
});

test("mig: an instance with a quarter of the SMs and bandwidth runs a job on that quarter, alone", (t) => {
  const a = profile("a", 0.5);
  const instance = { profile: "2g", sms: 25, memoryBytes: 25e9, bandwidthShare: 0.25 };
  const result = share(gpu, { mode: "mig", instance, inside: "exclusive" }, [{ profile: a }], params);
  t.true(near(1 / result.stepsPerSecond[0], 0.05 + 0.05 * 4, CLOSE));
  t.true(result.smActivity <= 0.25);
});

test("mig: a job alone on an instance keeps its host time idle whatever SMs its kernels fill (unmeasured on MIG)", (t) => {
  const instance = { profile: "2g", sms: 50, memoryBytes: 50e9, bandwidthShare: 0.5 };
  const job = [{ profile: launchBound([{ sms: 100, share: 1 }]) }];
  const result = share(gpu, { mode: "mig", instance, inside: "exclusive" }, job, params);
  t.true(near(result.utilization, 1 - 0.05 * result.stepsPerSecond[0], CLOSE));
});

test("mig: the board's load is its instances' together, its power factor applied once", (t) => {
  const a = profile("a", 0.5); // 250 W alone: 150 W of steps above idle at its solo pace
  const instance = { profile: "2g", sms: 25, memoryBytes: 25e9, bandwidthShare: 0.25 };
  const loaded = { ...params, powerLoadExponent: 0.5 };
  const one = share(gpu, { mode: "mig", instance, inside: "exclusive" }, [{ profile: a }], loaded);
  // 0.25 s steps: 0.4 of a solo's, whose steps draw 60 W above idle.
  t.true(near(one.load, 0.4, CLOSE));
  t.true(near(one.powerW, 60, CLOSE));
  // Two such instances busy: 0.8 of a solo's work, 120 W of steps, times 0.8^-0.5, idle once.
  t.true(near(combineInstances([one, one], loaded).powerW, 100 + 120 / Math.sqrt(0.8), CLOSE));
  // Four: 1.6 solos' worth, the steps' power alone.
  t.true(near(combineInstances([one, one, one, one], loaded).powerW, 100 + 240, CLOSE));
});

test("mig: on an instance with more bandwidth per SM than the GPU, memory-bound kernels follow the bandwidth", (t) => {
  // 30 of 100 SMs with half the memory slices (like the A100's 3g.20gb): kernels of 0.05 s on the whole GPU.
  const instance = { profile: "3g", sms: 30, memoryBytes: 50e9, bandwidthShare: 0.5 };
  const step = (memoryBoundFraction: number) => {
    const p = { ...profile("a", 0.5), memoryBoundFraction };
    const r = share(gpu, { mode: "mig", instance, inside: "exclusive" }, [{ profile: p }], params);
    return 1 / r.stepsPerSecond[0];
  };
  t.true(near(step(0), 0.05 + 0.05 * (100 / 30), CLOSE)); // compute-bound: the SMs set the pace
  t.true(near(step(1), 0.05 + 0.05 * 2, CLOSE)); // memory-bound: half the bandwidth, twice the time
  t.true(near(step(0.5), 0.05 + 0.05 * (0.5 * (100 / 30) + 0.5 * 2), CLOSE));
});

test("memory: co-runners beyond the memory are out of memory and the rest keep running", (t) => {
  const big = profile("big", 0.5, 1, 40e9);
  const result = share(
    gpu,
    { mode: "naive" },
    [{ profile: big }, { profile: big }, { profile: big }],
    params,
  );
  t.deepEqual(result.oom, [false, false, true]);
  t.is(result.stepsPerSecond[2], 0);
  t.is(result.memoryBytes, 80e9);
});

test("memory: a co-runner with a measured minimum shrinks into what is left instead of running out", (t) => {
  const big = profile("big", 0.5, 1, 40e9);
  const elastic = { ...profile("elastic", 0.5, 1, 40e9), minMemoryBytes: 10e9 };
  const result = share(
    gpu,
    { mode: "naive" },
    [{ profile: big }, { profile: big }, { profile: elastic }],
    params,
  );
  t.deepEqual(result.oom, [false, false, false]);
  t.true(result.stepsPerSecond[2] > 0);
  t.is(result.memoryBytes, gpu.memoryBytes, "it takes all that is left");
});

test("a profile calibrated on another GPU is refused", (t) => {
  const other = { ...profile("a", 0.5), gpu: "OTHER" };
  t.throws(() => share(gpu, { mode: "exclusive" }, [{ profile: other }], params), { instanceOf: InputError });
});
