import test from "ava";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { colloc } from "./colloc.ts";

test("runs of an H100 calibrated on the H200 set: a set of the H100, the H200's sharing parameters, and said so", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "colloc-cal-h100-"));
  const tables = join(dir, "tables");
  const setDir = join(dir, "set");
  t.is((await colloc("ingest", "calibration/data/h100-runs", "--out", tables)).code, 0);
  const cal = await colloc("calibrate", tables, "--base", "h200", "--out", setDir);
  t.is(cal.code, 0, cal.stderr);
  t.regex(
    cal.stdout,
    /^kept from h200: its sharing parameters, fitted on H200-141GB \(this set is H100-SXM5-80GB's\)/m,
  );
  t.regex(
    cal.stderr,
    /^warning: sharing parameters kept as h200 fitted them on H200-141GB's co-running runs/m,
  );
  const set = JSON.parse(readFileSync(join(setDir, "parameters.json"), "utf8"));
  t.is(set.gpu.name, "H100-SXM5-80GB");
  t.true(set.transfers.some((x: { path: string }) => x.path === "sharing.mpsInterference"));
  // The set predicts the H100's own mixes.
  const v = await colloc(
    "validate",
    "--set",
    setDir,
    "--against",
    "calibration/data/h100-runs",
    "--no-leave-models-out",
    "--json",
  );
  t.is(v.code, 0, v.stderr);
  t.is(JSON.parse(v.stdout).throughput.mps.n, 30);
  // A scenario on it says where its sharing parameters came from.
  const scenario = join(dir, "pair.yaml");
  writeFileSync(
    scenario,
    stringify({
      name: "pair",
      seed: 1,
      calibration: setDir,
      hardware: { gpus: [{ gpu: "H100-SXM5-80GB", count: 1, sharing: { mode: "mps" } }] },
      jobs: {
        list: ["vgg19-in-b128", "inceptionnextt-in-b64"].map((workload, i) => ({
          id: `j${i}`,
          arrival_s: 0,
          workload,
          iterations: 50,
        })),
      },
      scheduler: { policy: "mps-pack", params: {} },
    }),
  );
  const run = await colloc("run", scenario, "--out", join(dir, "pair-out"));
  t.is(run.code, 0, run.stderr);
  t.regex(
    run.stderr,
    /^caveat: sharing parameters kept from H200-141GB \(set h200\), not fitted on H100-SXM5-80GB's/m,
  );
});

test("a dataset table of another kind exits 2 naming the file and the column it lacks; an empty one, saying it is empty", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "colloc-cal-tables-"));
  const tables = join(dir, "tables");
  t.is((await colloc("ingest", "test/fixtures/runs/h200", "--out", tables)).code, 0);
  copyFileSync(join(tables, "jobs.arrow"), join(tables, "runs.arrow"));
  const wrong = await colloc("calibrate", tables, "--out", join(dir, "set"));
  t.is(wrong.code, 2);
  t.regex(
    wrong.stderr,
    /runs\.arrow: experiment: expected a column of Utf8, as colloc ingest writes its runs table, got "no such column"/,
  );
  t.is((await colloc("ingest", "test/fixtures/runs/h200", "--out", tables)).code, 0);
  writeFileSync(join(tables, "steps.arrow"), "");
  const empty = await colloc("calibrate", tables, "--out", join(dir, "set"));
  t.is(empty.code, 2);
  t.regex(empty.stderr, /steps\.arrow: expected a whole Arrow IPC file, got "an empty file"\n$/);
  t.false(existsSync(join(dir, "set")));
});

test("an --out folder holding other files is refused before the dataset is read", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "colloc-cal-out-"));
  writeFileSync(join(dir, "thesis.tex"), "precious");
  // The dataset named does not exist: the folder's refusal comes first, so it was checked before any work.
  const refused = await colloc("calibrate", join(dir, "missing"), "--out", dir);
  t.is(refused.code, 2);
  t.regex(
    refused.stderr,
    /expected a new folder or an earlier output of the same command, got \["thesis\.tex"\]/,
  );
  t.is(readFileSync(join(dir, "thesis.tex"), "utf8"), "precious");
});
