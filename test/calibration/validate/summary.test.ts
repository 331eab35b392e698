import test from "ava";
import { findRunFolders } from "../../../calibration/ingest/discover.ts";
import { compareRuns } from "../../../calibration/validate/compare.ts";
import { runsByCoRunners } from "../../../calibration/validate/copy-spread.ts";
import { errorStats, summarize } from "../../../calibration/validate/summary.ts";
import { measureFolders } from "../../../calibration/validate/validate.ts";
import { fakePredict } from "./fake-predict.ts";
import { near } from "../../helpers/near.ts";

/** Percentages computed by hand from the fixtures. */
const BY_HAND = { absolute: 1e-9 };

const { measured } = measureFolders(findRunFolders(["test/fixtures/runs/h200"]));
const summary = summarize(
  compareRuns(measured, fakePredict, new Set()),
  { gpu: "H200-141GB", fitted_runs: 0 },
  false,
  [-6, 2],
);

test("errorStats ignores missing values, takes absolute values and keeps the bias", (t) => {
  t.deepEqual(errorStats([-3, null, 1]), { mean_abs: 2, max_abs: 3, mean: -1, n: 2 });
  t.deepEqual(errorStats([null]), { mean_abs: null, max_abs: null, mean: null, n: 0 });
});

test("runs of copies only and runs of several workloads are told apart; a process listed again counts once", (t) => {
  const job = (run_id: string, proc: number, workload: string) => ({ run_id, proc, workload });
  const { copies, mixes } = runsByCoRunners([
    job("three-copies", 0, "a"),
    job("three-copies", 1, "a"),
    job("three-copies", 2, "a"),
    job("a-and-b", 0, "a"),
    job("a-and-b", 1, "b"),
    // one process predicted in two leave-models-out folds is still one process alone
    job("alone", 0, "a"),
    job("alone", 0, "a"),
  ]);
  t.deepEqual([...copies], ["three-copies"]);
  t.deepEqual([...mixes], ["a-and-b"]);
});

test("MAPE per mode, computed by hand from the fixtures and the 500 img/s stand-in", (t) => {
  t.deepEqual(Object.keys(summary.mape), ["exclusive", "mps", "mps-partitioned", "naive"]);
  // exclusive: |500-1000|/1000 = 50%, |500-400|/400 = 25%
  t.true(near(summary.mape.exclusive, 37.5, BY_HAND));
  // mps: |500-600|/600 = 16.67%, |500-300|/300 = 66.67%
  t.true(near(summary.mape.mps, (100 / 6 + 200 / 3) / 2, BY_HAND));
  // mps-partitioned: |500-400|/400 = 25%, |500-410|/410 = 21.951%
  t.true(near(summary.mape["mps-partitioned"], (25 + 9000 / 410) / 2, BY_HAND));
  // naive: only the two resnet26 copies trained (480, 520): 4.1667% and 3.8462%
  t.true(near(summary.mape.naive, ((20 / 480 + 20 / 520) / 2) * 100, BY_HAND));
  t.is(summary.throughput.naive.n, 2);
  t.is(summary.jobs_not_compared, 7);
});

test("run-level error statistics over the six compared runs", (t) => {
  // measured utilization 60, 90, 80, 95, 70, 0 (the OOM run) against 80 predicted
  t.true(near(summary.utilization_pp.mean_abs, (20 + 10 + 0 + 15 + 10 + 80) / 6, BY_HAND));
  t.true(near(summary.utilization_pp.max_abs, 80, BY_HAND));
  // measured peaks 6, 12, 12, 18, 12 GiB against 12 predicted; the OOM run's 140 GiB is not judged
  t.true(near(summary.memory_pct.mean_abs, (100 + 0 + 0 + 100 / 3 + 0) / 5, BY_HAND));
  t.is(summary.memory_pct.n, 5);
  // every run's in-window power averages 301.5 W, against 400 W predicted
  t.true(near(summary.power_pct.mean_abs, (98.5 / 301.5) * 100, BY_HAND));
  t.is(summary.per_run.length, 6);
});

test("out of memory is judged per run (the one OOM run is predicted) and counted per process", (t) => {
  t.deepEqual(summary.oom.runs, { measured: 1, predicted: 1, missed: 0, false_alarms: 0 });
  // seven resnet152 copies ran out, six predicted to: one missed process
  t.deepEqual(summary.oom.procs, { measured: 7, predicted: 6, missed: 1, false_alarms: 0 });
});

test("the held-out SM-curve errors are summarized as given", (t) => {
  t.deepEqual(summary.sm_curve_held_out_pct, { mean_abs: 4, max_abs: 6, mean: -2, n: 2 });
});

test("copies of one workload in one run that measured apart set a floor under the largest error", (t) => {
  // naive: the two resnet26 copies trained at 480 and 520 img/s; one speed for both misses one of them by at least
  // 40 / 1000 = 4 % (500 img/s, the stand-in, does just that)
  const { n, widest } = summary.copy_spread.naive;
  t.is(n, 1);
  t.like(widest, { workload: "resnet26-c10-b128", copies: 2, slowest_img_s: 480, fastest_img_s: 520 });
  t.true(near(widest!.floor_pct, 4, BY_HAND));
  t.true(near(summary.throughput.naive.max_abs, widest!.floor_pct, { absolute: 0.2 }));
  // the out-of-memory copies are not compared, so they set no floor; nor does a mode without copies
  t.deepEqual(summary.copy_spread.exclusive, { n: 0, widest: null });
});
