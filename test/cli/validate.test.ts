import test from "ava";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readTable } from "../../calibration/ingest/read.ts";
import { collocSync } from "./colloc.ts";

const SET = "test/fixtures/sets/h200";
const H200 = "test/fixtures/runs/h200";

const scratch = () => mkdtempSync(join(tmpdir(), "colloc-cli-validate-"));

test("--json prints one object whose mape maps each mode to the mean |error| of its jobs in jobs.arrow", (t) => {
  const out = join(scratch(), "validation");
  const run = collocSync("validate", "--set", SET, "--against", H200, "--out", out, "--json");
  t.is(run.status, 0, run.stderr);
  const summary = JSON.parse(run.stdout);
  t.deepEqual(Object.keys(summary.mape), ["exclusive", "mps", "mps-partitioned", "naive"]);
  const jobs = readTable(join(out, "jobs.arrow"))
    .toArray()
    .map((r) => r.toJSON() as { mode: string; error_pct: number | null });
  for (const [mode, mape] of Object.entries(summary.mape as Record<string, number>)) {
    const errors = jobs
      .filter((j) => j.mode === mode && j.error_pct !== null)
      .map((j) => Math.abs(j.error_pct!));
    t.true(Math.abs(mape - errors.reduce((a, b) => a + b, 0) / errors.length) < 1e-9, mode);
  }
  t.deepEqual(
    summary.skipped.map((s: { run_id: string }) => s.run_id),
    ["corrupt-r1", "truncated-r1"],
  );
  t.deepEqual(readdirSync(out).sort(), [
    "completions.arrow",
    "jobs.arrow",
    "predicted-vs-measured.svg",
    "predicted-vs-measured.vl.json",
    "runs.arrow",
    "summary.json",
    "unseen.arrow",
  ]);
  t.deepEqual(JSON.parse(readFileSync(join(out, "summary.json"), "utf8")), summary);
});

test("the text output has the per-job table and the MAPE, largest and mean (signed) error per mode", (t) => {
  const run = collocSync("validate", "--set", SET, "--against", join(H200, "solo-resnet26-r1"));
  t.is(run.status, 0, run.stderr);
  t.regex(run.stdout, /^workload\s+mode\s+co-runners\s+predicted\s+measured\s+error %\n/);
  t.regex(run.stdout, /resnet26-c10-b128\s+exclusive\s+resnet26-c10-b128\s+1000\.0\s+1000\.0\s+0\.0\n/);
  t.regex(run.stdout, /^mode\s+jobs\s+MAPE %\s+max \|error\| %\s+mean error %\n/m);
  t.regex(run.stdout, /exclusive\s+1\s+0\.00\s+0\.00\s+0\.00\n/);
});

test("the text output says how far apart copies in one run measured: the floor under the largest error", (t) => {
  const run = collocSync("validate", "--set", SET, "--against", H200);
  t.is(run.status, 0, run.stderr);
  // naive-resnet26-x2-r1's copies trained at 480 and 520 img/s: (520 - 480) / (520 + 480) = 4 %
  t.regex(
    run.stdout,
    /\nnaive: 2 copies of resnet26-c10-b128 in naive-resnet26-x2-r1 measured 480\.0-520\.0 img\/s: any one speed for all of them misses one by 4\.0 % or more\n/,
  );
  t.regex(
    run.stdout,
    /\nunseen models, reused workers, naive: 2 copies of resnet26-c10-b128 in naive-resnet26-x2-r1 /,
  );
});

test("runs from another GPU than the set's exit 2 naming the run", (t) => {
  const run = collocSync("validate", "--set", SET, "--against", "test/fixtures/runs/a100");
  t.is(run.status, 2);
  t.regex(run.stderr, /^colloc: .*solo-resnet26-a100-r1: gpu: expected a run on H200-141GB.*\n$/);
});

test("runs of which none can be compared exit 2 saying why the first was skipped, writing nothing", (t) => {
  const dir = scratch();
  const run = collocSync(
    "validate",
    "--set",
    SET,
    "--against",
    join(H200, "corrupt-r1"),
    join(H200, "truncated-r1"),
    "--no-leave-models-out",
    "--out",
    join(dir, "validation"),
  );
  t.is(run.status, 2);
  t.regex(
    run.stderr,
    /^colloc: .*: expected a run the set can be compared with; all 2 were skipped \(corrupt-r1: not whole: steps\.jsonl:3: .*\)\n$/,
  );
  t.deepEqual(readdirSync(dir), []);
});

test("an --out folder holding other files is refused before any run is read; an earlier output is replaced", (t) => {
  const dir = scratch();
  const out = join(dir, "validation");
  const first = collocSync("validate", "--set", SET, "--against", H200, "--out", out);
  t.is(first.status, 0, first.stderr);
  t.true(readdirSync(out).includes("unseen.arrow"));
  t.is(collocSync("report", out).status, 0);
  // Without leave-models-out there is no unseen.arrow: the earlier output that has one, and its report, are replaced whole.
  const again = collocSync(
    "validate",
    "--set",
    SET,
    "--against",
    H200,
    "--no-leave-models-out",
    "--out",
    out,
  );
  t.is(again.status, 0, again.stderr);
  t.false(readdirSync(out).includes("unseen.arrow"));
  t.false(readdirSync(out).includes("report.html"));
  writeFileSync(join(out, "notes.txt"), "mine");
  // The runs named do not exist: the folder's refusal comes first, so it was checked before any work.
  const refused = collocSync("validate", "--set", SET, "--against", join(dir, "missing"), "--out", out);
  t.is(refused.status, 2);
  t.regex(
    refused.stderr,
    /validation: expected a new folder or an earlier output of the same command, got \["notes\.txt"\]/,
  );
  t.is(readFileSync(join(out, "notes.txt"), "utf8"), "mine");
});

test("a set missing a workload the runs need exits 2 naming the workload, writing nothing", (t) => {
  const dir = scratch();
  const set = JSON.parse(readFileSync(join(SET, "parameters.json"), "utf8"));
  delete set.workloads["resnet50-i64-b128"];
  writeFileSync(join(dir, "parameters.json"), JSON.stringify(set));
  const run = collocSync("validate", "--set", dir, "--against", H200, "--out", join(dir, "validation"));
  t.is(run.status, 2);
  t.regex(
    run.stderr,
    /workload: expected a workload of the H200-141GB calibration set .*got "resnet50-i64-b128"/,
  );
  t.deepEqual(readdirSync(dir), ["parameters.json"]);
});

test("--mps-model replay predicts plain-MPS runs by kernel-level replay: convmixer's co-runner, which the fast model misses", (t) => {
  const pair = "calibration/data/h200-runs/mps__convmixer1536-in-b32+densenet169-in-b64";
  const validate = (model: string) => {
    const run = collocSync(
      "validate",
      "--set",
      "h200",
      "--against",
      pair,
      "--json",
      "--no-leave-models-out",
      "--mps-model",
      model,
    );
    t.is(run.status, 0, run.stderr);
    return JSON.parse(run.stdout);
  };
  const [fast, replayed] = [validate("fast"), validate("replay")];
  t.is(fast.mps_model, "fast");
  t.is(replayed.mps_model, "replay");
  // Measured: densenet169 kept a tenth of its solo speed beside convmixer_1536's long kernels of many waves.
  t.true(replayed.mape.mps < fast.mape.mps / 2, `replay ${replayed.mape.mps} %, fast ${fast.mape.mps} %`);
});

test("by default (--mps-model auto) a set with kernel traces predicts plain-MPS runs by the blend, one without by the fast model", (t) => {
  const validate = (set: string, against: string, ...flags: string[]) => {
    const run = collocSync(
      "validate",
      "--set",
      set,
      "--against",
      against,
      "--json",
      "--no-leave-models-out",
      ...flags,
    );
    t.is(run.status, 0, run.stderr);
    return JSON.parse(run.stdout);
  };
  const pair = "calibration/data/h200-runs/mps__convmixer1536-in-b32+densenet169-in-b64";
  const [auto, blend] = [validate("h200", pair), validate("h200", pair, "--mps-model", "blend")];
  t.is(auto.mps_model, "blend");
  t.deepEqual(auto.mape, blend.mape);
  const untraced = validate(SET, H200);
  t.is(untraced.mps_model, "fast");
  t.deepEqual(untraced.mape, validate(SET, H200, "--mps-model", "fast").mape);
});

test("--mps-model replay with a set that has no kernel traces exits 2 naming the missing file", (t) => {
  const run = collocSync("validate", "--set", SET, "--against", H200, "--mps-model", "replay");
  t.is(run.status, 2);
  t.regex(run.stderr, /kernel-traces\.arrow: expected kernel traces/);
});
