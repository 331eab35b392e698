import test from "ava";
import { Type } from "apache-arrow";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { findRunFolders } from "../../../calibration/ingest/discover.ts";
import { arrowFiles, ingestRuns } from "../../../calibration/ingest/ingest.ts";
import { readTable } from "../../../calibration/ingest/read.ts";
import { writeFolder } from "../../../io/write-folder.ts";
import { InputError } from "../../../sim/input-error.ts";
import { A100, copyRun, FAKE, H200, scratch } from "./temp-runs.ts";

const h200 = ingestRuns(findRunFolders([H200]));

test("every fixture run gets one runs row; the corrupt run keeps only that row", (t) => {
  t.deepEqual(
    h200.rows.runs.map((r) => [r.run_id, r.ingest_status]),
    [
      ["corrupt-r1", "corrupt"],
      ["mps-mix-r1", "ok"],
      ["mpsp-resnet26-r1", "ok"],
      ["naive-resnet152-x7-r1", "ok"],
      ["naive-resnet26-x2-r1", "ok"],
      ["solo-resnet26-r1", "ok"],
      ["solo-resnet50-r1", "ok"],
      ["truncated-r1", "truncated"],
    ],
  );
  const corrupt = h200.rows.runs.find((r) => r.run_id === "corrupt-r1")!;
  t.regex(corrupt.ingest_issues ?? "", /^steps\.jsonl:3: expected one whole JSON record per line/);
  for (const [name, rows] of Object.entries(h200.rows)) {
    if (name !== "runs")
      t.false(
        rows.some((r) => r.run_id === "corrupt-r1"),
        name,
      );
  }
});

test("row counts follow the fixtures: 6 steps and 5 samples a process and run, OOM processes step nothing", (t) => {
  // 7 imported runs: solo 1 + solo 1 + naive 2 + mix 2 + partitioned 2 + 7 OOM copies + truncated 1 = 16 procs.
  t.is(h200.rows.procs.length, 16);
  // 9 processes that trained, 6 steps each.
  t.is(h200.rows.steps.length, 9 * 6);
  // 5 samples per run, but the truncated run lost its cut-off last one.
  t.is(h200.rows.samples.length, 6 * 5 + 4);
  // 3 kernels x 2 traced iterations per process.
  t.is(h200.rows.kernels.length, 16 * 6);
  t.is(h200.rows.iterations.length, 16 * 2);
  t.is(h200.rows.jobs.length, 0);
});

test("truncated runs keep their whole lines and say which line was cut", (t) => {
  const run = h200.rows.runs.find((r) => r.run_id === "truncated-r1")!;
  t.is(run.status, "partial");
  t.is(run.ingest_issues, "samples.jsonl:5: expected a whole last line (the run was cut off mid-write)");
  t.is(h200.rows.steps.filter((s) => s.run_id === "truncated-r1").length, 6);
});

test("procs join the manifest's processes with their end records", (t) => {
  const partitioned = h200.rows.procs.filter((p) => p.run_id === "mpsp-resnet26-r1");
  t.deepEqual(
    partitioned.map((p) => [p.proc, p.sm_limit, p.throughput_img_s, p.outcome]),
    [
      [0, 60, 400, "ok"],
      [1, 60, 410, "ok"],
    ],
  );
  const oom = h200.rows.procs.filter((p) => p.run_id === "naive-resnet152-x7-r1");
  t.true(oom.every((p) => p.outcome === "oom" && p.throughput_img_s === null));
});

test("samples are flagged inside the shared measurement window [start, end]", (t) => {
  const solo = h200.rows.samples.filter((s) => s.run_id === "solo-resnet26-r1");
  t.deepEqual(
    solo.map((s) => s.in_window),
    [false, true, true, true, true],
  );
});

test("Arrow files carry explicit types that survive a round trip", (t) => {
  const out = join(scratch(), "tables");
  writeFolder(out, arrowFiles(h200.rows));
  const types = (table: string) =>
    Object.fromEntries(readTable(join(out, `${table}.arrow`)).schema.fields.map((f) => [f.name, f.typeId]));
  const runs = types("runs");
  t.is(runs.validation, Type.Bool);
  t.is(runs.gpu_memory_bytes, Type.Int);
  t.is(runs.started_at, Type.Float);
  t.is(runs.mode, Type.Utf8);
  t.is(types("procs").nvml_mem_bytes, Type.Int);
  t.is(types("kernels").grid_x, Type.Int);
  const jobs = readTable(join(out, "jobs.arrow"));
  t.is(jobs.numRows, 0);
  t.true(jobs.schema.fields.some((f) => f.name === "finish_s")); // an empty table keeps its schema
  const procs = readTable(join(out, "procs.arrow"));
  t.is(procs.numRows, 16);
  t.is(procs.schema.fields.find((f) => f.name === "workload")?.nullable, false);
});

test("the same runs in any argument order give byte-identical files", (t) => {
  const folders = findRunFolders([H200]);
  const a = arrowFiles(ingestRuns(folders).rows);
  const b = arrowFiles(ingestRuns([...folders].reverse()).rows);
  for (const [name, bytes] of a) t.deepEqual(Buffer.from(b.get(name)!), Buffer.from(bytes), name);
});

test("a run from another GPU is refused unless mixing is asked for", (t) => {
  const folders = findRunFolders([H200, A100]);
  const error = t.throws(() => ingestRuns(folders), { instanceOf: InputError });
  t.is(
    error?.message,
    `${A100}/solo-resnet26-a100-r1/manifest.json: gpu.name: expected NVIDIA H200, the GPU of the 8 other run(s) ` +
      `(pass --allow-mixed-gpus to mix GPUs on purpose), got "NVIDIA A100-SXM4-40GB"`,
  );
  t.is(ingestRuns(folders, { allowMixedGpus: true }).rows.runs.length, 9);
});

test("strict mode refuses the input at the first bad line", (t) => {
  const error = t.throws(() => ingestRuns(findRunFolders([H200]), { strict: true }), {
    instanceOf: InputError,
  });
  t.regex(error?.message ?? "", /corrupt-r1\/steps\.jsonl:3: expected one whole JSON record per line/);
});

test("two folders holding the same run id are bad input", (t) => {
  const copy = copyRun("solo-resnet26-r1", "solo-again");
  rmSync(join(copy, "kernels.jsonl"));
  const error = t.throws(() => ingestRuns([join(H200, "solo-resnet26-r1"), copy]), {
    instanceOf: InputError,
  });
  t.regex(error?.message ?? "", /solo-again\/manifest\.json: run_id: expected an id no other run has/);
});

test("what the profiler itself writes ingests whole: a live replay's jobs and an overhead check", (t) => {
  const { rows, reports } = ingestRuns(findRunFolders([FAKE]));
  t.deepEqual(
    reports.map((r) => [r.run_id, r.status]),
    [
      ["overhead__fake-a", "ok"],
      ["replay-fake", "ok"],
    ],
  );
  t.deepEqual(
    rows.jobs.map((j) => [j.job, j.workload, j.steps, j.outcome]),
    [
      ["j1", "fake-a", 30, "ok"],
      ["j2", "fake-b", 20, "ok"],
    ],
  );
  t.deepEqual(rows.overhead.map((o) => o.kind).sort(), ["bare", "bare", "instrumented", "instrumented"]);
  // Recorded before replays launched fresh processes: its manifest has no `launch`, so it ran warm workers.
  t.deepEqual(
    rows.runs.map((r) => [r.run_id, r.launch]),
    [
      ["overhead__fake-a", null],
      ["replay-fake", "warm-workers"],
    ],
  );
});

test("a step's launch time comes through where the profiler recorded it, and is null in older runs", (t) => {
  const launchCheck = ingestRuns(findRunFolders(["calibration/data/h200-diagnostics/launch-check"]));
  const steps = launchCheck.rows.steps.filter((s) => s.phase === "measure");
  t.true(steps.length > 0);
  t.true(steps.every((s) => s.launch_s !== null && s.launch_s > 0 && s.launch_s <= s.dt_s));
  t.true(h200.rows.steps.every((s) => s.launch_s === null));
});
