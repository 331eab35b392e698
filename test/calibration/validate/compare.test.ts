import test from "ava";
import { findRunFolders } from "../../../calibration/ingest/discover.ts";
import { compareRuns, errorPct } from "../../../calibration/validate/compare.ts";
import type { RunDescription } from "../../../calibration/predict.ts";
import { measureFolders } from "../../../calibration/validate/validate.ts";
import { fakePredict } from "./fake-predict.ts";

const { measured } = measureFolders(findRunFolders(["test/fixtures/runs/h200"]));
const comparison = compareRuns(measured, fakePredict, new Set(["solo-resnet26-r1"]));
const job = (run: string, proc = 0) => comparison.jobs.find((j) => j.run_id === run && j.proc === proc)!;

test("error is signed and relative to the measurement", (t) => {
  t.is(errorPct(500, 400), 25);
  t.is(errorPct(300, 400), -25);
  t.is(errorPct(1, null), null);
  t.is(errorPct(1, 0), null);
});

test("each job's throughput error comes from the measured images/s of the fixtures", (t) => {
  // Fixtures: solo resnet26 1000 img/s, naive copies 480 and 520, MPS mix 600 and 300; predicted 500 each.
  t.is(job("solo-resnet26-r1").measured_img_s, 1000);
  t.true(Math.abs(job("solo-resnet26-r1").error_pct! - -50) < 1e-9);
  t.true(Math.abs(job("naive-resnet26-x2-r1", 0).error_pct! - (20 / 480) * 100) < 1e-9);
  t.true(Math.abs(job("naive-resnet26-x2-r1", 1).error_pct! - (-20 / 520) * 100) < 1e-9);
  t.true(Math.abs(job("mps-mix-r1", 1).error_pct! - (200 / 300) * 100) < 1e-9);
  t.is(job("mps-mix-r1", 1).co_runners, "resnet26-c10-b128 + resnet50-i64-b128");
});

test("out-of-memory jobs are compared by outcome, not throughput; the run by whether any process ran out", (t) => {
  const x7 = comparison.jobs.filter((j) => j.run_id === "naive-resnet152-x7-r1");
  t.is(x7.length, 7);
  // All seven ran out of memory: none ran, so none has a predicted throughput.
  t.true(x7.every((j) => j.measured_oom && j.error_pct === null && j.measured_img_s === null));
  t.true(x7.every((j) => j.predicted_img_s === null));
  // Copies are interchangeable: the one predicted survivor is paired with the first copy.
  t.deepEqual(
    x7.map((j) => j.predicted_oom),
    [false, true, true, true, true, true, true],
  );
  const run = comparison.runs.find((r) => r.run_id === "naive-resnet152-x7-r1")!;
  // Per process six of seven predicted; per run the out-of-memory case is predicted.
  t.deepEqual([run.measured_oom_procs, run.predicted_oom_procs], [7, 6]);
  t.deepEqual([run.measured_oom, run.predicted_oom], [true, true]);
  // Its peak depends on when the processes failed: no memory error.
  t.is(run.memory_error_pct, null);
});

test("run-level errors: utilization and SM activity in percentage points, memory in percent", (t) => {
  // solo resnet26: utilization samples 60, 62, 58, 60 (mean 60), SM activity mean 40, 6 GiB used.
  const solo = comparison.runs.find((r) => r.run_id === "solo-resnet26-r1")!;
  t.is(solo.measured_utilization_pct, 60);
  t.true(Math.abs(solo.utilization_error_pp! - 20) < 1e-9);
  t.true(Math.abs(solo.sm_activity_error_pp! - 10) < 1e-9);
  t.true(Math.abs(solo.memory_error_pct! - 100) < 1e-9); // 12 GiB predicted vs 6 GiB
  // in-window power samples 300, 301, 302, 303 (mean 301.5) against 400 W predicted
  t.true(Math.abs(solo.power_error_pct! - (98.5 / 301.5) * 100) < 1e-9);
  t.deepEqual([solo.measured_oom, solo.predicted_oom], [false, false]);
});

test("runs that are not whole are skipped with the reason, never dropped silently", (t) => {
  t.deepEqual(
    comparison.skipped.map((s) => s.run_id),
    ["corrupt-r1", "truncated-r1"],
  );
  // Each names what is wrong: the first line that could not be ingested, or the manifest's status.
  t.deepEqual(
    comparison.skipped.map((s) => s.reason),
    [
      'not whole: steps.jsonl:3: expected one whole JSON record per line, got "InvalidSymbol"',
      "not whole: its manifest says partial",
    ],
  );
  t.is(comparison.runs.length, 6);
});

test("jobs of runs the set was fitted on are flagged, and validation runs marked", (t) => {
  t.true(job("solo-resnet26-r1").fitted);
  t.false(job("solo-resnet50-r1").fitted);
  t.true(job("naive-resnet26-x2-r1").validation);
  t.false(job("solo-resnet26-r1").validation);
});

test("which copy runs out of memory is a race: rates are predicted for the measured survivors", (t) => {
  // Measured: copy 1 of three ran out of memory. The stand-in model: three copies do not fit (the third runs
  // out), two do; each copy gets 5 / (copies) steps/s.
  const copy = (proc: number, oom: boolean) => ({
    proc,
    workload: "w",
    smLimit: null,
    outcome: oom ? "oom" : "ok",
    stepsPerSecond: oom ? null : 2,
    batch: 100,
    memoryBytes: 1,
  });
  const run = {
    runId: "r",
    mode: "naive",
    gpu: "H200-141GB",
    validation: true,
    startedTogether: true,
    freshProcesses: true,
    usable: true,
    notWhole: null,
    memoryCapBytes: null,
    gpuUuid: "GPU-test",
    dramUtil: null,
    procs: [copy(0, false), copy(1, true), copy(2, false)],
    utilization: 0.9,
    smActivity: 0.5,
    powerW: 300,
    memoryUsedBytes: 3,
    baselineMemoryBytes: 0,
  };
  const predict = (d: RunDescription) => ({
    procs: d.processes.map((_, i) => {
      const oom = d.processes.length === 3 && i === 2;
      const rate = oom ? 0 : 5 / d.processes.length;
      return { workload: "w", stepsPerSecond: rate, throughputImgS: rate * 100, oom };
    }),
    utilization: 0.9,
    smActivity: 0.5,
    memoryBytes: 2,
    memoryUsedBytes: 3,
    powerW: 300,
  });
  const { jobs, runs } = compareRuns([run], predict, new Set());
  // Survivors 0 and 2 as the two co-runners: 2.5 steps/s predicted against 2 measured, +25%; the predicted
  // survivor of the whole run (copy 2) is paired with a measured survivor, so per process all agree.
  t.deepEqual(
    jobs.map((j) => [j.measured_oom, j.predicted_oom, j.predicted_img_s, j.error_pct]),
    [
      [false, false, 250, 25],
      [true, true, null, null],
      [false, false, 250, 25],
    ],
  );
  t.deepEqual([runs[0].measured_oom, runs[0].predicted_oom], [true, true]);
});

test("a run whose set could not profile a workload is skipped with the set's reason", (t) => {
  const unprofiled = new Map([["resnet50-i64-b128", "no single-process MPS-capped run"]]);
  const { skipped } = compareRuns(measured, fakePredict, new Set(), { unprofiled });
  t.deepEqual(
    skipped.map((s) => s.run_id),
    ["corrupt-r1", "mps-mix-r1", "solo-resnet50-r1", "truncated-r1"],
  );
  t.is(
    skipped.find((s) => s.run_id === "solo-resnet50-r1")!.reason,
    "the set does not profile resnet50-i64-b128: no single-process MPS-capped run",
  );
});

test("a run where no process measured anything (an overhead check) is skipped with the reason", (t) => {
  const run = { ...measured.find((r) => r.runId === "solo-resnet26-r1")!, runId: "overhead" };
  run.procs = run.procs.map((p) => ({ ...p, stepsPerSecond: null }));
  const { skipped, jobs } = compareRuns([run], fakePredict, new Set());
  t.is(jobs.length, 0);
  t.regex(skipped[0].reason, /^no process measured a throughput/);
});
