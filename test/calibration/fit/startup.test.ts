import test from "ava";
import { fitStartup, fitStartupWaits } from "../../../calibration/fit/startup.ts";
import type { Dataset } from "../../../calibration/dataset.ts";
import type { JobRow, RunRow, SampleRow, StepRow } from "../../../calibration/ingest/tables.ts";
import type { CalibrationSet } from "../../../calibration/set-schema.ts";
import { gpu, params, profile } from "../../sharing/profiles.ts";

const run = (id: string, validation: boolean, sharing = "exclusive") =>
  ({
    run_id: id,
    mode: "replay",
    sharing,
    validation,
    status: "complete",
    ingest_status: "ok",
    window_start: 1000,
  }) as RunRow;

function job(runId: string, proc: number, workload: string, start: number, finish: number): JobRow {
  return {
    run_id: runId,
    job: `j${proc}`,
    workload,
    proc,
    arrival_s: start,
    start_s: start,
    train_start_s: start + 1,
    finish_s: finish,
    steps: 10,
    steps_target: 10,
    outcome: "ok",
  };
}

/** Ten job steps of `dt` seconds but the first, which takes `first` seconds (autotuning) and ends at `firstEnd`. */
const steps = (runId: string, proc: number, first: number, firstEnd = 0, dt = 0.5): StepRow[] =>
  Array.from({ length: 10 }, (_, step) => ({
    run_id: runId,
    proc,
    step,
    t_end: 1000 + firstEnd + (step === 0 ? 0 : step * dt),
    dt_s: step === 0 ? first : dt,
    launch_s: null,
    phase: "job",
  }));

/** GPU utilization samples at 10 Hz over replay seconds [from, to). */
const samples = (runId: string, from: number, to: number, util: number): SampleRow[] =>
  Array.from({ length: Math.round((to - from) * 10) }, (_, k) => ({
    run_id: runId,
    t: 1000 + from + k / 10,
    util_gpu: util,
  })) as SampleRow[];

const dataset = (runs: RunRow[], jobs: JobRow[], stepRows: StepRow[], sampleRows: SampleRow[] = []) =>
  ({
    dir: "test",
    runs,
    jobs,
    steps: stepRows,
    samples: sampleRows,
    procs: [],
    workloads: [],
  }) as unknown as Dataset;

test("start-up is the time from start to the first step's end less one median step, median per workload", (t) => {
  // Job 0: 1 s build + 3 s first step ends 4 s after its start; its median step is 0.5 s.
  const ds = dataset(
    [run("cal", false)],
    [job("cal", 0, "w", 0, 8.5), job("cal", 1, "w", 20, 20 + 1 + 5 + 4.5), job("cal", 2, "v", 40, 46)],
    [...steps("cal", 0, 3, 4), ...steps("cal", 1, 5, 26), ...steps("cal", 2, 0.5, 41.5)],
  );
  const fit = fitStartup(ds);
  // w: 3.5 s and 5.5 s -> median of two is their mean; v: 1 s build, no autotuning.
  t.is(fit.byWorkload.get("w")?.startupS, 4.5);
  t.is(fit.byWorkload.get("v")?.startupS, 1);
  t.deepEqual(fit.runs, ["cal"]);
});

test("where replays launched fresh processes, only they are fitted: warm workers' start-ups lack the process start", (t) => {
  // The same workload: 3.5 s from a warm worker, 9.5 s from a fresh process (interpreter, imports, CUDA context).
  const fresh = { ...run("fresh", false), launch: "fresh-process" };
  const ds = dataset(
    [run("warm", false), fresh],
    [job("warm", 0, "w", 0, 8.5), job("fresh", 0, "w", 0, 14.5)],
    [...steps("warm", 0, 3, 4), ...steps("fresh", 0, 3, 10)],
  );
  const fit = fitStartup(ds);
  t.is(fit.byWorkload.get("w")?.startupS, 9.5);
  t.is(fit.launch, "fresh-process");
  t.deepEqual([fit.runs, fit.leftOut], [["fresh"], ["warm"]]);
  // Without fresh-process replays the warm ones are fitted, and said to be.
  const warmOnly = fitStartup(
    dataset([run("warm", false)], [job("warm", 0, "w", 0, 8.5)], steps("warm", 0, 3, 4)),
  );
  t.deepEqual([warmOnly.launch, warmOnly.runs, warmOnly.leftOut], ["warm-workers", ["warm"], []]);
});

test("validation replays are never fitted", (t) => {
  const ds = dataset([run("val", true)], [job("val", 0, "w", 0, 8.5)], steps("val", 0, 3, 4));
  t.is(fitStartup(ds).byWorkload.size, 0);
});

test("the GPU busy fraction of a start-up is the mean utilization from the job's start to its first step's end", (t) => {
  // Started at 0, first step ended at 4 s: utilization 10 % for 2 s, 30 % for 2 s; training afterwards is not counted.
  const ds = dataset([run("cal", false)], [job("cal", 0, "w", 0, 8.5)], steps("cal", 0, 3, 4), [
    ...samples("cal", 0, 2, 10),
    ...samples("cal", 2, 4, 30),
    ...samples("cal", 4.1, 8, 100),
  ]);
  t.true(Math.abs(fitStartup(ds).byWorkload.get("w")!.startupBusyFraction! - 0.2) < 1e-9);
  t.is(
    fitStartup(ds).byWorkload.get("w")?.startupBuildS,
    1,
    "the first step was launched 1 s after the start",
  );
});

test("start-ups beside running jobs fit no solo start-up, and solo ones no start-up wait", (t) => {
  const ds = dataset(
    [run("shared", false, "naive")],
    [job("shared", 0, "w", 0, 8.5)],
    steps("shared", 0, 3, 4),
  );
  t.is(fitStartup(ds).byWorkload.size, 0);
});

/** A set with a busy workload, a half-busy and a light one, and w: alone a 2-s start-up, a fifth busy, 0.5 s of it build. */
const set = {
  gpu: { ...gpu, baselineMemoryBytes: 0 },
  sharing: params,
  workloads: {
    bg: profile("bg", 1),
    half: profile("half", 0.5),
    light: profile("light", 0.3),
    w: { ...profile("w", 1), startupS: 2, startupBusyFraction: 0.2, startupBuildS: 0.5 },
    v: { ...profile("v", 1), startupS: 4, startupBusyFraction: 0.2 },
  },
} as unknown as CalibrationSet;

/** A replay where `co` trains from 0 to 100 s and a job of `workload` starts at 10 s and ends its first step after `startupS`. */
function sharedStart(runId: string, sharing: string, co: string, workload: string, startupS: number) {
  return {
    runs: [run(runId, false, sharing)],
    jobs: [job(runId, 0, co, 0, 100), job(runId, 1, workload, 10, 10 + startupS + 0.1 + 0.9)],
    steps: [...steps(runId, 0, 0.1, 0.1, 0.1), ...steps(runId, 1, 0.1, 10 + startupS + 0.1, 0.1)],
  };
}
const merged = (...parts: ReturnType<typeof sharedStart>[]) =>
  dataset(
    parts.flatMap((p) => p.runs),
    parts.flatMap((p) => p.jobs),
    parts.flatMap((p) => p.steps),
  );

test("time-sliced, a workload's start-up wait is its extra seconds per unit of co-runner demand", (t) => {
  // Beside the busy bg (demand 1) w took 2 + 3 s, beside the half-busy one 2 + 1.5 s: 3 s per unit of demand.
  const ds = merged(sharedStart("a", "naive", "bg", "w", 5), sharedStart("b", "naive", "half", "w", 3.5));
  const fit = fitStartupWaits(set, ds);
  t.true(Math.abs(fit.byWorkload.get("w")! - 3) < 1e-9);
  // The general wait is per second of solo start-up: 3 s over 2 s.
  t.true(Math.abs(fit.sharing.startupWait - 1.5) < 1e-9);
  t.true(fit.fitErrors["sharing.startupWait"].value < 1e-9);
  t.is(fit.fitErrors["sharing.startupWait"].points, 2);
  t.deepEqual(fit.runs, ["a", "b"]);
});

test("a workload computing what a measured one computes shares its wait", (t) => {
  // w-1000 is w's model, batch and input with another classifier: never started beside anything, it gets w's 3 s.
  const row = (workload: string, classes: number) => ({
    workload,
    model: "m",
    classes,
    batch: 128,
    input_c: 3,
    input_h: 32,
    input_w: 32,
  });
  const withAlias = { ...set, workloads: { ...set.workloads, "w-1000": set.workloads.w } } as CalibrationSet;
  const ds = {
    ...merged(sharedStart("a", "naive", "bg", "w", 5)),
    workloads: [row("w", 10), row("w-1000", 1000)],
  } as unknown as Dataset;
  t.true(Math.abs(fitStartupWaits(withAlias, ds).byWorkload.get("w-1000")! - 3) < 1e-9);
});

test("a workload started only beside light demand gets no wait of its own, nor one from solo replays", (t) => {
  // v beside a job with kernels 0.3 of the time: too little to tell its own slope from noise.
  const ds = merged(sharedStart("a", "naive", "bg", "w", 5), sharedStart("c", "naive", "light", "v", 4.6));
  const fit = fitStartupWaits(set, ds);
  t.false(fit.byWorkload.has("v"));
  t.true(fit.byWorkload.has("w"));
  t.false(fitStartupWaits(set, merged(sharedStart("d", "exclusive", "bg", "w", 5))).byWorkload.has("w"));
});

test("under MPS the wait is one slope per second of autotuning, over capped and uncapped replays", (t) => {
  // w's 1.5 s of trials took 0.6 s longer beside bg (demand 1): a slope of 0.4; v's 4 s took 1.6 s longer.
  const ds = merged(
    sharedStart("m", "mps", "bg", "w", 2.6),
    sharedStart("p", "mps-partitioned", "bg", "v", 5.6),
  );
  const fit = fitStartupWaits(set, ds);
  t.true(Math.abs(fit.sharing.mpsStartupWait - 0.4) < 1e-9);
  t.is(fit.fitErrors["sharing.mpsStartupWait"].points, 2);
  t.is(fit.byWorkload.size, 0, "no time-sliced wait from MPS replays");
  t.is(fit.sharing.startupWait, 0);
});
