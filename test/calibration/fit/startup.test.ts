import test from "ava";
import { fitStartup, fitStartupWait } from "../../../calibration/fit/startup.ts";
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
  ({ dir: "test", runs, jobs, steps: stepRows, samples: sampleRows }) as unknown as Dataset;

test("start-up is the time from start to last step beyond the steps at their median time, median per workload", (t) => {
  // Job 0: 1 s build + 3 s first step + 9 x 0.5 s: finishes 8.5 s after its start; 10 median steps are 5 s.
  const ds = dataset(
    [run("cal", false)],
    [job("cal", 0, "w", 0, 8.5), job("cal", 1, "w", 20, 20 + 1 + 5 + 4.5), job("cal", 2, "v", 40, 46)],
    [...steps("cal", 0, 3), ...steps("cal", 1, 5), ...steps("cal", 2, 0.5)],
  );
  const fit = fitStartup(ds);
  // w: 3.5 s and 5.5 s -> median of two is their mean; v: 1 s build, no autotuning.
  t.is(fit.byWorkload.get("w")?.startupS, 4.5);
  t.is(fit.byWorkload.get("v")?.startupS, 1);
  t.deepEqual(fit.runs, ["cal"]);
});

test("validation replays are never fitted", (t) => {
  const ds = dataset([run("val", true)], [job("val", 0, "w", 0, 8.5)], steps("val", 0, 3));
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
  const ds = dataset([run("shared", false, "naive")], [job("shared", 0, "w", 0, 8.5)], steps("shared", 0, 3));
  t.is(fitStartup(ds).byWorkload.size, 0);
});

test("the naive start-up wait is found again from a start-up it stretched", (t) => {
  // A busy job trains from 0 s; w starts at 10 s, alone a 2-s start-up a fifth busy. With a wait of 1.5 and the
  // trainer holding 0.8 of the GPU, its start-up takes 2 * (1 + 1.5 * 0.8) = 4.4 s, then 10 steps of 0.1 s.
  const set = {
    gpu: { ...gpu, baselineMemoryBytes: 0 },
    sharing: params,
    workloads: {
      bg: profile("bg", 1),
      w: { ...profile("w", 1), startupS: 2, startupBusyFraction: 0.2 },
    },
  } as unknown as CalibrationSet;
  const ds = dataset(
    [run("shared", false, "naive")],
    [job("shared", 0, "bg", 0, 100), job("shared", 1, "w", 10, 10 + 4.4 + 1)],
    [...steps("shared", 0, 0.1, 1, 0.1), ...steps("shared", 1, 0.1, 14.5, 0.1)],
  );
  const fit = fitStartupWait(set, ds)!;
  t.true(Math.abs(fit.startupWait - 1.5) < 1e-3);
  t.is(fit.fitError.points, 1);
  t.deepEqual(fit.runs, ["shared"]);
  t.is(
    fitStartupWait(set, dataset([run("solo", false)], [job("solo", 1, "w", 0, 6)], steps("solo", 1, 4))),
    undefined,
  );
});
