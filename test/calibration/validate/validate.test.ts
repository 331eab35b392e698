import test from "ava";
import { tableFromIPC } from "apache-arrow";
import { findRunFolders } from "../../../calibration/ingest/discover.ts";
import { loadCalibrationSet } from "../../../calibration/set.ts";
import {
  measureFolders,
  validateReplays,
  validateRuns,
  validationFiles,
} from "../../../calibration/validate/validate.ts";
import { fakePredict } from "./fake-predict.ts";

const set = loadCalibrationSet("test/fixtures/sets/h200");
const { measured } = measureFolders(findRunFolders(["test/fixtures/runs/h200"]));

test("--validation-only keeps the runs the profiler marked, so solo runs drop out", (t) => {
  const v = validateRuns(set, measured, { validationOnly: true }, fakePredict);
  t.deepEqual(Object.keys(v.summary.mape), ["mps", "mps-partitioned", "naive"]);
  t.true(v.comparison.jobs.every((j) => j.validation));
  t.true(v.summary.validation_only);
});

test("runs listed in the set's provenance are flagged as fitted", (t) => {
  const v = validateRuns(set, measured, {}, fakePredict);
  const fitted = [...new Set(v.comparison.jobs.filter((j) => j.fitted).map((j) => j.run_id))];
  t.deepEqual(fitted, ["solo-resnet26-r1", "solo-resnet50-r1"]);
  t.deepEqual(v.summary.set, { gpu: "H200-141GB", fitted_runs: 2 });
});

test("with the set's own models, exclusive runs predict the solo step time the set holds", (t) => {
  // The fixture set's solo step times are 0.128 s and 0.32 s at batch 128: 1000 and 400 img/s, as measured.
  const v = validateRuns(set, measured);
  const solo = v.comparison.jobs.filter((j) => j.mode === "exclusive");
  t.deepEqual(
    solo.map((j) => Math.round(j.predicted_img_s! * 1e6) / 1e6),
    [1000, 400],
  );
  t.true(v.summary.mape.exclusive < 1e-9);
});

test("the output files: tables with one row per job and run, summary, chart spec and SVG", async (t) => {
  const files = await validationFiles(validateRuns(set, measured, {}, fakePredict));
  t.deepEqual([...files.keys()].sort(), [
    "completions.arrow",
    "jobs.arrow",
    "predicted-vs-measured.svg",
    "predicted-vs-measured.vl.json",
    "runs.arrow",
    "summary.json",
  ]);
  t.is(tableFromIPC(files.get("jobs.arrow") as Uint8Array).numRows, 15);
  t.is(tableFromIPC(files.get("runs.arrow") as Uint8Array).numRows, 6);
  t.is(tableFromIPC(files.get("completions.arrow") as Uint8Array).numRows, 0, "no live replay among them");
  t.regex(String(files.get("predicted-vs-measured.svg")), /^<svg/);
  t.is(JSON.parse(String(files.get("summary.json"))).kind, "validation");
});

test("of runs of two GPUs, the one not of the set's GPU is named, with what validate wants instead", (t) => {
  const a100 = "test/fixtures/runs/a100/solo-resnet26-a100-r1";
  const h200 = "test/fixtures/runs/h200/solo-resnet26-r1";
  const named = (gpu: string) => t.throws(() => measureFolders([a100, h200], undefined, gpu))?.message ?? "";
  t.regex(
    named("H200-141GB"),
    /^test\/fixtures\/runs\/a100\/solo-resnet26-a100-r1\/manifest\.json: gpu\.name: expected NVIDIA H200, the GPU of the 1 other run\(s\) \(validate compares a set with runs of one GPU; .+\), got "NVIDIA A100/,
  );
  t.regex(
    named("A100-SXM4-40GB"),
    /^test\/fixtures\/runs\/h200\/solo-resnet26-r1\/manifest\.json: gpu\.name: expected NVIDIA A100/,
  );
  t.notRegex(named("H200-141GB"), /--allow-mixed-gpus/);
});

test("a live replay whose scenario copy is missing or a folder is bad input saying which, in words", (t) => {
  const replay = (scenarioFile: string) => ({
    runId: "replay-x",
    sharing: "mps",
    validation: true,
    usable: true,
    scenarioFile,
    jobs: [],
    firstStepEndS: new Map<string, number>(),
  });
  const why = (file: string) => t.throws(() => validateReplays(set, [replay(file)]))?.message ?? "";
  t.regex(
    why("no/such/scenario.yaml"),
    /^no\/such\/scenario\.yaml: expected the scenario a live replay ran .+, got "not found \(ENOENT\)"$/,
  );
  t.regex(
    why("test/fixtures"),
    /^test\/fixtures: expected the scenario a live replay ran .+, got "a folder, not a regular file"$/,
  );
});
