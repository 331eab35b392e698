/**
 * Issue 5's accuracy targets, computed on the committed H200 dataset with the shipped H200 set: judged on the
 * validation runs calibration never fitted. A change that makes predictions worse fails here.
 */
import test from "ava";
import { accuracy, heldOutSmPoints } from "../../calibration/accuracy.ts";
import { calibrate } from "../../calibration/calibrate.ts";
import { ingestDataset } from "../../calibration/dataset.ts";
import { mean } from "../../calibration/fit/stats.ts";
import { measuredRuns } from "../../calibration/measured.ts";
import { replayMape } from "../../calibration/replay-run.ts";
import { loadCalibrationSet, resolveSetDir } from "../../calibration/set.ts";
import { loadTraces } from "../../calibration/traces.ts";

const RUNS = "calibration/data/h200-runs";
const set = loadCalibrationSet("h200");
const dataset = ingestDataset([RUNS]);
const runs = measuredRuns(dataset);
const validation = runs.filter((r) => r.validation);
const judged = accuracy(set, validation);

test("the figures, for the record (npx ava test/calibration/accuracy.test.ts --verbose)", (t) => {
  const { jobs, runs: compared, ...figures } = judged;
  t.log(JSON.stringify({ validationRuns: compared.length, validationJobs: jobs.length, ...figures }));
  t.true(jobs.length > 0);
});

test("the shipped set is what calibrate fits from the committed runs, and no validation run is in it", (t) => {
  const { set: fitted } = calibrate(dataset, set.provenance.command);
  // Everything but the input folder's name (an ingested Arrow folder when shipped, the run folders here).
  t.deepEqual(
    { ...fitted, provenance: { ...fitted.provenance, sources: [] } },
    { ...set, provenance: { ...set.provenance, sources: [] } },
  );
  for (const r of validation) t.false(set.provenance.runs.includes(r.runId), r.runId);
});

test("naive per-job throughput: MAPE at most 5% on validation runs", (t) => {
  t.true(judged.jobs.some((j) => j.mode === "naive"));
  t.true(judged.mape.naive <= 5, `MAPE ${judged.mape.naive}%`);
});

test("MPS per-job throughput: MAPE at most 5% on validation runs", (t) => {
  t.true(judged.jobs.some((j) => j.mode === "mps"));
  t.true(judged.mape.mps <= 5, `MAPE ${judged.mape.mps}%`);
});

test("MPS-partitioned step time: held-out MAPE at most 8%", (t) => {
  const held = heldOutSmPoints(set);
  t.true(held.length > 0);
  const mape = mean(held.map((h) => Math.abs(h.errorPct)));
  t.log(JSON.stringify({ heldOutSmPoints: held.length, mapePct: mape }));
  t.true(mape <= 8, `MAPE ${mape}%`);
});

test("utilization and SM activity within 5 points, memory within 5%, on validation runs", (t) => {
  t.true(judged.utilizationPts <= 5, `utilization ${judged.utilizationPts} points`);
  t.true(judged.smActivityPts <= 5, `SM activity ${judged.smActivityPts} points`);
  t.true(judged.memoryPct <= 5, `memory ${judged.memoryPct}%`);
});

test("every out-of-memory run of the dataset is predicted, and no other", (t) => {
  const all = accuracy(set, runs);
  t.is(all.oom.missed, 0);
  t.is(all.oom.falseAlarms, 0);
});

test("kernel-level replay: naive within 5%, MPS within 8% per-job MAPE on validation runs", (t) => {
  const mape = replayMape(set, loadTraces(resolveSetDir("h200")), validation);
  t.log(JSON.stringify({ replayMape: mape }));
  t.true(mape.naive <= 5, `naive ${mape.naive}%`);
  t.true(mape.mps <= 8, `mps ${mape.mps}%`);
});
