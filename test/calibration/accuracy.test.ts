/**
 * Issue 5's accuracy targets, computed by `colloc validate`'s own function on the committed H200 dataset with the
 * shipped H200 set: judged on the validation runs calibration never fitted. A change that makes predictions
 * worse fails here.
 */
import test from "ava";
import { calibrate } from "../../calibration/calibrate.ts";
import { ingestDataset } from "../../calibration/dataset.ts";
import { measuredRuns } from "../../calibration/measured.ts";
import { replayMape } from "../../calibration/replay-run.ts";
import { loadCalibrationSet, resolveSetDir } from "../../calibration/set.ts";
import { loadTraces } from "../../calibration/traces.ts";
import { validateRuns } from "../../calibration/validate/validate.ts";

const RUNS = "calibration/data/h200-runs";
const set = loadCalibrationSet("h200");
const dataset = ingestDataset([RUNS]);
const runs = measuredRuns(dataset);
const validation = runs.filter((r) => r.validation);
const { summary, comparison } = validateRuns(set, runs, { validationOnly: true });

test("the figures, for the record (npx ava test/calibration/accuracy.test.ts --verbose)", (t) => {
  const { per_run: _perRun, ...figures } = summary;
  t.log(JSON.stringify(figures));
  t.is(summary.runs.compared, validation.length);
  t.deepEqual(summary.skipped, []);
});

test("the shipped set is what calibrate fits from the committed runs, and no validation run is in it", (t) => {
  const { set: fitted } = calibrate(dataset, set.provenance.command);
  // Everything but the input folder's name (an ingested Arrow folder when shipped, the run folders here).
  t.deepEqual(
    { ...fitted, provenance: { ...fitted.provenance, sources: [] } },
    { ...set, provenance: { ...set.provenance, sources: [] } },
  );
  for (const r of validation) t.false(set.provenance.runs.includes(r.runId), r.runId);
  t.false(comparison.jobs.some((j) => j.fitted));
});

test("naive per-job throughput: MAPE at most 5% on validation runs", (t) => {
  t.true(summary.throughput.naive.n > 0);
  t.true(summary.mape.naive <= 5, `MAPE ${summary.mape.naive}%`);
});

test("MPS per-job throughput: MAPE at most 5% on validation runs", (t) => {
  t.true(summary.throughput.mps.n > 0);
  t.true(summary.mape.mps <= 5, `MAPE ${summary.mape.mps}%`);
});

test("MPS-partitioned: MAPE at most 8%, on the held-out SM-curve points while no validation run has it", (t) => {
  const held = summary.sm_curve_held_out_pct;
  t.true(held.n > 0);
  const mape = summary.mape["mps-partitioned"] ?? held.mean_abs!;
  t.true(mape <= 8, `MAPE ${mape}%`);
});

test("utilization and SM activity within 5 points, memory within 5%, on validation runs", (t) => {
  for (const [name, e] of Object.entries({
    utilization: summary.utilization_pp,
    "SM activity": summary.sm_activity_pp,
    memory: summary.memory_pct,
  })) {
    t.true(e.n > 0, name);
    t.true(e.mean_abs! <= 5, `${name} ${e.mean_abs}`);
  }
});

test("every out-of-memory run of the dataset is predicted, and no other", (t) => {
  const all = validateRuns(set, runs).summary.oom.runs;
  t.true(all.measured > 0);
  t.is(all.missed, 0);
  t.is(all.false_alarms, 0);
});

test("kernel-level replay: naive within 5%, MPS within 8% per-job MAPE on validation runs", (t) => {
  const mape = replayMape(set, loadTraces(resolveSetDir("h200")), validation);
  t.log(JSON.stringify({ replayMape: mape }));
  t.true(mape.naive <= 5, `naive ${mape.naive}%`);
  t.true(mape.mps <= 8, `mps ${mape.mps}%`);
});
