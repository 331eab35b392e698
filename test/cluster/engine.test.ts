import test from "ava";
import { InputError } from "../../sim/input-error.ts";
import { simulate } from "../../sim/cluster/engine.ts";
import { EVENT_KINDS } from "../../sim/cluster/events-log.ts";
import { FAILED, FINISHED } from "../../sim/cluster/job-table.ts";
import { jobMetrics } from "../../sim/cluster/metrics.ts";
import { share } from "../../sim/sharing/index.ts";
import { GPU, calibration, gpus, input, job, params, tinyShare } from "./fixtures.ts";
import { near } from "../helpers/near.ts";

const SAME = { relative: 1e-9 };

const ends = (run: ReturnType<typeof simulate>) =>
  Object.fromEntries(run.jobs.ids.map((id, j) => [id, run.jobs.end[j]]));

test("a job alone takes its steps times its solo step time", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "exclusive" }),
      jobs: { list: [job("a", 5, "large", 10)] },
      scheduler: { policy: "fifo-exclusive" },
    }),
    { share: tinyShare },
  );
  // 10 steps of 2 s, starting at its arrival.
  t.deepEqual(ends(run), { a: 25 });
});

test("a fresh job starts up first, as its own phase: the sharing model sees its start-up profile, then its training one", (t) => {
  const withStartup = (scenario: Parameters<typeof input>[0]) => {
    const base = input(scenario);
    const workloads = Object.fromEntries(
      Object.entries(base.workloads).map(([id, p]) => [id, { ...p, startupS: 4, startupBusyFraction: 0.25 }]),
    );
    return { ...base, workloads };
  };
  const seen: string[] = [];
  const recording: typeof tinyShare = (gpu, setup, coRunners) => {
    seen.push(coRunners.map((c) => c.profile.id).join("+"));
    return tinyShare(gpu, setup, coRunners);
  };
  const alone = simulate(
    withStartup({
      hardware: gpus({ mode: "exclusive" }),
      jobs: { list: [job("a", 0, "small", 10)] },
      scheduler: { policy: "fifo-exclusive" },
      output: { events: true },
    }),
    { share: recording },
  );
  t.deepEqual(ends(alone), { a: 14 }, "4 s of start-up, then 10 steps of 1 s");
  t.is(jobMetrics(alone).soloS[0], 14, "solo time counts the start-up");
  // Asked about the job as it will train (its memory, at the start) and in its start-up phase (the first rates).
  t.deepEqual(seen.filter((s) => s !== "").sort(), ["small", "small:startup"]);
  const kinds = [...alone.log.kind.values()].map((k) => EVENT_KINDS[k]);
  t.deepEqual(kinds, ["arrive", "start", "train", "finish"]);
  t.deepEqual(
    [...alone.log.progressTime.values()],
    [4],
    "its training rate, once, from the end of its start-up",
  );
  const m = jobMetrics(alone);
  t.deepEqual([m.startupS[0], m.trainS[0], m.trainImgPerS[0]], [4, 10, alone.profiles[0].batch]);

  // Time-sliced by the real naive model: busy 0.9 of 2-s steps; b starts 10 s after a, and slows a only by its
  // busy fraction while it starts up.
  const shared = simulate(
    withStartup({
      hardware: gpus({ mode: "naive" }),
      jobs: { list: [job("a", 0, "large", 15), job("b", 10, "large", 5)] },
      scheduler: { policy: "naive-pack", params: { max_co_runners: 2 } },
    }),
  );
  const a = shared.jobs.ids.indexOf("a");
  t.true(shared.jobs.end[a] > 34, "b's start-up and training slow a");
  t.true(shared.jobs.end[a] < 34 + 4 + 10, "but less than a training co-runner for all of b's time would");
});

test("a job on two GPUs starts up once, on both, and then trains at the pace of its slower GPU", (t) => {
  const base = input({
    hardware: gpus({ mode: "naive" }, 2),
    jobs: { list: [{ ...job("g", 0, "small", 10), gpus: 2 }, job("b", 0, "small", 10)] },
    scheduler: { policy: "naive-pack", params: { max_co_runners: 2 } },
    output: { events: true },
  });
  const workloads = Object.fromEntries(
    Object.entries(base.workloads).map(([id, p]) => [id, { ...p, startupS: 4, startupBusyFraction: 0.25 }]),
  );
  const run = simulate({ ...base, workloads }, { share: tinyShare });
  // tinyShare halves every rate on a shared device: g shares GPU 0 with b, so both start up in 8 s and train
  // 10 steps at half pace, 20 s more.
  t.deepEqual(ends(run), { g: 28, b: 28 });
  const kinds = [...run.log.kind.values()].map((k) => EVENT_KINDS[k]);
  t.is(kinds.filter((k) => k === "train").length, 2, "one start-up end per job, not per device");
});

test("rates are recomputed when a co-runner leaves: remaining work carries over", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "naive" }),
      jobs: { list: [job("a", 0, "small", 100), job("b", 0, "small", 50)] },
      scheduler: { policy: "naive-pack", params: { max_co_runners: 2 } },
    }),
    { share: tinyShare },
  );
  // Both at 0.5 step/s: b ends at 100 s with a at 50 steps, then a runs alone at 1 step/s.
  t.deepEqual(ends(run), { a: 150, b: 100 });
});

test("FIFO on exclusive GPUs queues jobs behind busy GPUs", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "exclusive" }, 2),
      jobs: { list: [job("a", 0, "small", 10), job("b", 0, "small", 20), job("c", 1, "small", 5)] },
      scheduler: { policy: "fifo-exclusive" },
    }),
    { share: tinyShare },
  );
  // c waits for a's GPU (free at 10 s) and then runs 5 s.
  t.deepEqual(ends(run), { a: 10, b: 20, c: 15 });
  t.is(run.jobs.start[2], 10);
});

test("a job that runs out of memory beside others is requeued to run alone", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "naive" }),
      jobs: { list: [job("a", 0, "large", 10), job("b", 0, "huge", 10)] },
      scheduler: { policy: "naive-pack", params: { memory_check: false } },
    }),
    { share: tinyShare },
  );
  // 60 GB + 100 GB exceed 141 GB: b runs out of memory at 0, waits for a (20 s), then runs alone 10 s.
  t.is(run.jobs.ooms[1], 1);
  t.deepEqual(ends(run), { a: 20, b: 30 });
  t.is(run.jobs.state[1], FINISHED);
});

test("a job that cannot fit even alone fails", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "mps", memory_limit_gb: 50 }),
      jobs: { list: [job("a", 0, "large", 10)] },
      scheduler: { policy: "mps-pack", params: { memory_check: false } },
    }),
    {
      share: (gpu, setup, co) => ({
        ...tinyShare(gpu, setup, co),
        oom: co.map((c) => (c.memoryLimitBytes ?? Infinity) < c.profile.memoryBytes),
      }),
    },
  );
  t.is(run.jobs.state[0], FAILED);
  t.is(run.jobs.ooms[0], 2);
});

test("the MPS setup's percentage reaches the sharing model as an SM cap rounded to whole TPCs", (t) => {
  const seen: (number | undefined)[] = [];
  const run = simulate(
    input({
      hardware: gpus({ mode: "mps", percentages: { a: 25 } }),
      jobs: { list: [job("a", 0, "small", 1), job("b", 0, "small", 1)] },
      scheduler: { policy: "mps-pack" },
    }),
    {
      share: (gpu, setup, co) => {
        seen.push(...co.map((c) => c.smLimit));
        return tinyShare(gpu, setup, co);
      },
    },
  );
  // 25% of 132 SMs = 33, rounded down to 2-SM TPCs; b, uncapped, may use the whole GPU.
  t.true(seen.includes(32));
  t.deepEqual([...run.jobs.smLimit], [32, 132]);
});

test("a job whose id is a name objects inherit (constructor) takes the default percentage, not Object's", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "mps", default_percentage: 50, percentages: { a: 25 } }),
      jobs: { list: [job("constructor", 0, "small", 1), job("a", 0, "small", 1)] },
      scheduler: { policy: "mps-pack" },
    }),
    { share: tinyShare },
  );
  t.deepEqual([...run.jobs.smLimit], [66, 32]);
});

test("with a timeline interval, every GPU is sampled at that pace until the last job ends, and once as it ends", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "exclusive" }),
      jobs: { list: [job("a", 0, "small", 25)] },
      scheduler: { policy: "fifo-exclusive" },
      output: { timeline_interval_s: 10 },
    }),
    { share: tinyShare },
  );
  const t0 = run.ledger.timeline;
  // The job runs from 0 to 25 s: busy at 0, 10 and 20 s, idle at its end, where the run ends (no sample at 30 s).
  t.deepEqual(Array.from(t0.time.values()), [0, 10, 20, 25]);
  t.deepEqual(Array.from(t0.jobs.values()), [1, 1, 1, 0]);
  t.is(run.endS, 25);
});

test("a timeline interval coarser than the run does not stretch it: the same end and energy as a fine one", (t) => {
  const runWith = (interval: number) =>
    simulate(
      input({
        hardware: gpus({ mode: "exclusive" }, 2),
        jobs: { list: [job("a", 0, "small", 25), job("b", 5, "small", 40)] },
        scheduler: { policy: "fifo-exclusive" },
        output: { timeline_interval_s: interval },
      }),
      { share: tinyShare },
    );
  const [fine, coarse] = [runWith(1), runWith(1000)];
  t.is(coarse.endS, 45);
  t.is(coarse.endS, fine.endS);
  const energy = (run: typeof fine) => run.ledger.energyJ.reduce((a, b) => a + b, 0);
  t.true(Math.abs(energy(coarse) - energy(fine)) < 1e-9 * energy(fine));
});

// The simulator and `colloc validate` share one model: a single GPU's simulated pace is the model's rate.
const view = { name: GPU, sms: 132, memoryBytes: 141e9 };

for (const mode of ["naive", "mps"] as const) {
  test(`${mode}: three co-runners started together step at the rate the sharing model gives`, (t) => {
    const jobs = ["a", "b", "c"].map((id) => ({ id, arrival_s: 0, workload: "small", iterations: 1000 }));
    const run = simulate(
      input({
        hardware: gpus({ mode }),
        jobs: { list: jobs },
        scheduler: { policy: `${mode}-pack`, params: { max_co_runners: 3 } },
      }),
    );
    const small = calibration.workloads.small;
    const model = share(
      view,
      { mode },
      [0, 1, 2].map(() => ({ profile: small })),
      params,
    );
    for (let j = 0; j < 3; j++)
      t.true(near(1000 / (run.jobs.end[j] - run.jobs.start[j]), model.stepsPerSecond[j], SAME));
  });

  test(`${mode}: in a mixed pair, the first to finish ran at the model's rate for that pair`, (t) => {
    const run = simulate(
      input({
        hardware: gpus({ mode }),
        jobs: {
          list: [
            { id: "s", arrival_s: 0, workload: "small", iterations: 100 },
            { id: "l", arrival_s: 0, workload: "large", iterations: 10_000 },
          ],
        },
        scheduler: { policy: `${mode}-pack`, params: { max_co_runners: 2 } },
      }),
    );
    const { small, large } = calibration.workloads;
    const model = share(view, { mode }, [{ profile: small }, { profile: large }], params);
    t.true(near(100 / run.jobs.end[0], model.stepsPerSecond[0], SAME));
  });
}

test("memory is admitted in arrival order: a job finds what the ones before it left, not what they could do with", (t) => {
  const base = input({
    hardware: gpus({ mode: "naive" }),
    jobs: { list: [job("l", 0, "large", 100), job("h", 1, "huge", 100)] },
    scheduler: { policy: "naive-pack", params: { max_co_runners: 2, memory_check: false } },
  });
  // large holds its 60 of 141 GB, so huge's 100 do not fit beside it, though large would train in 30 behind huge.
  const large = { ...calibration.workloads.large, minMemoryBytes: 30e9 };
  const run = simulate({ ...base, workloads: { ...base.workloads, large } });
  t.deepEqual([...run.jobs.ooms], [0, 1]);
  t.true(run.jobs.start[1] >= run.jobs.end[0], "huge ran after large");
});

test("a timeline interval that would sample past the row limit is bad input naming the field", (t) => {
  const tiny = input({
    hardware: gpus({ mode: "exclusive" }, 2),
    jobs: { list: [job("a", 0, "small", 100)] },
    output: { timeline_interval_s: 1e-6 },
    limits: { timeline_rows: 1000 },
  });
  const error = t.throws(() => simulate(tiny, { share: tinyShare }), { instanceOf: InputError });
  t.regex(
    error?.message ?? "",
    /^test\.yaml: output\.timeline_interval_s: expected an interval that gives at most 1000 timeline rows \(the limit; limits\.timeline_rows raises it, up to 50000000\) \(the run lasts past [\d.e-]+ s on 2 GPU\(s\)\), got 0\.000001$/,
  );
});

test("far from time 0, where float seconds cannot tell a step from now, a job still ends (no endless timer)", (t) => {
  // Past the limits a scenario may ask for: built by hand, as a library user could.
  const far = input({ hardware: gpus({ mode: "exclusive" }), jobs: { list: [job("a", 5, "small", 10)] } });
  const shifted = { ...far, jobs: far.jobs.map((j) => ({ ...j, arrivalS: 1e20 })) };
  const run = simulate(shifted, { share: tinyShare });
  t.is(run.jobs.state[0], FINISHED);
  t.true(run.endS >= 1e20);
});

test("under MPS, jobs that start together train by their started-together kernels; one that starts beside a training job keeps its solo ones", (t) => {
  const probed = (list: ReturnType<typeof job>[]) => {
    const base = input({
      hardware: gpus({ mode: "mps" }),
      jobs: { list },
      scheduler: { policy: "mps-pack", params: { max_co_runners: 2 } },
    });
    const kernels = (turnUs: number) => ({
      perStep: 100,
      exposedPerStep: 0,
      meanUs: turnUs,
      turnUs,
      largeShare: 0.9,
    });
    const workloads = Object.fromEntries(
      Object.entries(base.workloads).map(([id, p]) => [
        id,
        {
          ...p,
          startupS: 4,
          startupBusyFraction: 0.25,
          kernels: kernels(10),
          startedTogether: { kernels: kernels(100) },
        },
      ]),
    );
    return { ...base, workloads };
  };
  const trainingTurns = (list: ReturnType<typeof job>[]) => {
    const seen = new Set<string>();
    simulate(probed(list), {
      share: (g, setup, coRunners) => {
        if (coRunners.length === 2 && coRunners.every((c) => !c.profile.id.endsWith(":startup")))
          seen.add(coRunners.map((c) => c.profile.kernels!.turnUs).join("+"));
        return share(g, setup, coRunners, params);
      },
    });
    return [...seen].sort();
  };
  t.true(trainingTurns([job("a", 0, "small", 20), job("b", 0, "small", 20)]).includes("100+100"));
  t.deepEqual(trainingTurns([job("a", 0, "small", 20), job("b", 10, "small", 20)]), ["10+10"]);
});
