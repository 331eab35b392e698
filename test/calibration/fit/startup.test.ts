import test from "ava";
import { fitStartup } from "../../../calibration/fit/startup.ts";
import type { Dataset } from "../../../calibration/dataset.ts";
import type { JobRow, RunRow, StepRow } from "../../../calibration/ingest/tables.ts";

const run = (id: string, validation: boolean) =>
  ({ run_id: id, mode: "replay", validation, status: "complete", ingest_status: "ok" }) as RunRow;

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

/** Ten job steps of 0.5 s but the first, which takes `first` seconds (autotuning). */
const steps = (runId: string, proc: number, first: number): StepRow[] =>
  Array.from({ length: 10 }, (_, step) => ({
    run_id: runId,
    proc,
    step,
    t_end: 0,
    dt_s: step === 0 ? first : 0.5,
    phase: "job",
  }));

const dataset = (runs: RunRow[], jobs: JobRow[], stepRows: StepRow[]) =>
  ({ dir: "test", runs, jobs, steps: stepRows }) as unknown as Dataset;

test("start-up is the time from start to last step beyond the steps at their median time, median per workload", (t) => {
  // Job 0: 1 s build + 3 s first step + 9 x 0.5 s: finishes 8.5 s after its start; 10 median steps are 5 s.
  const ds = dataset(
    [run("cal", false)],
    [job("cal", 0, "w", 0, 8.5), job("cal", 1, "w", 20, 20 + 1 + 5 + 4.5), job("cal", 2, "v", 40, 46)],
    [...steps("cal", 0, 3), ...steps("cal", 1, 5), ...steps("cal", 2, 0.5)],
  );
  const fit = fitStartup(ds);
  // w: 3.5 s and 5.5 s -> median of two is their mean; v: 1 s build, no autotuning.
  t.is(fit.startupS.get("w"), 4.5);
  t.is(fit.startupS.get("v"), 1);
  t.deepEqual(fit.runs, ["cal"]);
});

test("validation replays are never fitted", (t) => {
  const ds = dataset([run("val", true)], [job("val", 0, "w", 0, 8.5)], steps("val", 0, 3));
  t.is(fitStartup(ds).startupS.size, 0);
});
