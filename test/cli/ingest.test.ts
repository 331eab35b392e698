import test from "ava";
import { cpSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collocSync } from "./colloc.ts";

const H200 = "test/fixtures/runs/h200";
const A100 = "test/fixtures/runs/a100";

const scratch = () => mkdtempSync(join(tmpdir(), "colloc-cli-ingest-"));

test("ingest writes one Arrow file per table and a JSON summary, warning about marked runs", (t) => {
  const out = join(scratch(), "tables");
  const run = collocSync("ingest", H200, "--out", out, "--json");
  t.is(run.status, 0, run.stderr);
  const summary = JSON.parse(run.stdout);
  t.deepEqual(summary.status, { ok: 6, truncated: 1, corrupt: 1 });
  t.is(summary.tables.procs, 16);
  t.deepEqual(
    readdirSync(out).sort(),
    Object.keys(summary.tables)
      .map((n) => `${n}.arrow`)
      .sort(),
  );
  const warnings = run.stderr.trim().split("\n");
  t.is(warnings.length, 2);
  t.regex(
    warnings[0],
    /^colloc: warning: .*corrupt-r1\/steps\.jsonl:3: .*\(run corrupt-r1 marked corrupt, its rows left out\)$/,
  );
});

test("a run whose every line is bad gets its first three warnings and a count; --json lists them all", (t) => {
  const runs = scratch();
  cpSync(join(H200, "solo-resnet26-r1"), join(runs, "r1"), { recursive: true });
  const bad = Array.from({ length: 6 }, (_, step) => `{"proc": 0, "step": ${step}, "dt_s": -1}`);
  writeFileSync(join(runs, "r1", "steps.jsonl"), `${bad.join("\n")}\n`);
  const text = collocSync("ingest", runs, "--out", join(runs, "..", "tables"));
  t.is(text.status, 0, text.stderr);
  const warnings = text.stderr.trim().split("\n");
  t.is(warnings.length, 4);
  t.regex(warnings[2], /steps\.jsonl:3: .*\(run solo-resnet26-r1 marked corrupt, its rows left out\)$/);
  t.is(
    warnings[3],
    "colloc: warning: run solo-resnet26-r1: 3 more bad lines like these (--json lists every one)",
  );
  const json = collocSync("ingest", runs, "--out", join(runs, "..", "tables"), "--json");
  t.is(JSON.parse(json.stdout).issues.length, 6);
});

test("without --json it prints one line per run and where the tables went", (t) => {
  const out = join(scratch(), "tables");
  const run = collocSync("ingest", join(H200, "mps-mix-r1"), "--out", out);
  t.is(run.status, 0, run.stderr);
  t.regex(run.stdout, /mps-mix-r1\s+mps\s+resnet26-c10-b128 \+ resnet50-i64-b128\s+complete\s+ok/);
  t.regex(run.stdout, new RegExp(`wrote 10 tables to ${out} \\(rows: runs 1, `));
});

test("a run from another GPU exits 2 with one line, and nothing is written", (t) => {
  const parent = scratch();
  const run = collocSync("ingest", H200, A100, "--out", join(parent, "tables"));
  t.is(run.status, 2);
  t.regex(
    run.stderr,
    /^colloc: .*manifest\.json: gpu\.name: expected NVIDIA H200.*got "NVIDIA A100-SXM4-40GB"\n$/,
  );
  t.deepEqual(readdirSync(parent), []);
});

test("a malformed manifest exits 2 naming its file and line", (t) => {
  const runs = scratch();
  cpSync(join(H200, "solo-resnet26-r1"), join(runs, "r1"), { recursive: true });
  writeFileSync(join(runs, "r1", "manifest.json"), '{\n  "run_id": "r1",\n  "mode": naive\n}\n');
  const run = collocSync("ingest", runs, "--out", join(runs, "..", "tables"));
  t.is(run.status, 2);
  t.is(
    run.stderr,
    `colloc: ${join(runs, "r1", "manifest.json")}:3: expected a whole JSON object, got "InvalidSymbol"\n`,
  );
});

test("a missing folder exits 2 naming it", (t) => {
  const run = collocSync("ingest", "no/such/runs", "--out", join(scratch(), "tables"));
  t.is(run.status, 2);
  t.is(run.stderr, "colloc: no/such/runs: expected an existing run folder or a folder holding run folders\n");
});

test("--strict turns a bad line into exit 2 with nothing written", (t) => {
  const parent = scratch();
  const run = collocSync("ingest", H200, "--out", join(parent, "tables"), "--strict");
  t.is(run.status, 2);
  t.regex(run.stderr, /corrupt-r1\/steps\.jsonl:3: expected one whole JSON record per line/);
  t.deepEqual(readdirSync(parent), []);
});
