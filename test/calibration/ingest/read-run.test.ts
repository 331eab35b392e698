import test from "ava";
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { issueError } from "../../../calibration/ingest/jsonl.ts";
import { readRun } from "../../../calibration/ingest/read-run.ts";
import { InputError } from "../../../sim/input-error.ts";
import { copyRun, FAKE, H200, scratch } from "./temp-runs.ts";

test("a whole run reads every stream, each record checked, and is ok", (t) => {
  const run = readRun(join(H200, "naive-resnet26-x2-r1"));
  t.is(run.status, "ok");
  t.is(run.manifest.mode, "naive");
  t.is(run.records.procs.length, 2);
  t.is(run.records.steps.length, 12);
  t.is(run.records.jobs.length, 0); // no jobs.jsonl: not a replay
});

test("a run folder without manifest.json is bad input naming the missing file", (t) => {
  const folder = copyRun("solo-resnet26-r1");
  rmSync(join(folder, "manifest.json"));
  const error = t.throws(() => readRun(folder), { instanceOf: InputError });
  t.is(error?.message, `${folder}/manifest.json: expected a manifest.json in every run folder`);
});

test("a manifest that is not JSON is bad input naming the line that breaks", (t) => {
  const folder = copyRun("solo-resnet26-r1");
  writeFileSync(join(folder, "manifest.json"), '{\n  "schema": "colloc.run/1",\n  "mode": naive\n}\n');
  const error = t.throws(() => readRun(folder), { instanceOf: InputError });
  t.is(error?.message, `${folder}/manifest.json:3: expected a whole JSON object, got "InvalidSymbol"`);
});

test("a manifest that breaks its schema names the field and the allowed values", (t) => {
  const folder = copyRun("solo-resnet26-r1");
  const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8"));
  writeFileSync(join(folder, "manifest.json"), JSON.stringify({ ...manifest, mode: "timeslice" }));
  const error = t.throws(() => readRun(folder), { instanceOf: InputError });
  t.is(
    error?.message,
    `${folder}/manifest.json: mode: expected one of exclusive, naive, mps, mps-partitioned, green, mig, replay, got "timeslice"`,
  );
});

test("a record that breaks its schema marks the run corrupt, naming file, line and field", (t) => {
  const folder = copyRun("solo-resnet26-r1");
  appendFileSync(
    join(folder, "steps.jsonl"),
    '{"proc": 0, "step": 6, "t_end": 1.0, "dt_s": "fast", "phase": "measure"}\n',
  );
  appendFileSync(join(folder, "steps.jsonl"), '{"proc": 0, "step": 7, "t_end": 1.0, "phase": "measure"}\n');
  const run = readRun(folder);
  t.is(run.status, "corrupt");
  t.deepEqual(
    run.issues.map((i) => issueError(i, true).message),
    [
      'steps.jsonl:7: dt_s: expected a number, got "fast"',
      "steps.jsonl:8: dt_s: expected a value (the field is required)",
    ],
  );
});

test("a value no GPU or step can have (a step of 1e300 s, negative power, over 100 % busy) marks the run corrupt at ingest", (t) => {
  const folder = copyRun("solo-resnet26-r1");
  appendFileSync(
    join(folder, "steps.jsonl"),
    '{"proc": 0, "step": 6, "t_end": 1.0, "dt_s": 1e300, "phase": "measure"}\n',
  );
  const sample = (util: number, power: number) =>
    `{"t": 1764400009.0, "util_gpu": ${util}, "util_mem": 10, "mem_used_bytes": 1, "power_w": ${power}, "sm_clock_mhz": 1980.0}\n`;
  appendFileSync(join(folder, "samples.jsonl"), sample(50, -300) + sample(150, 300));
  const run = readRun(folder);
  t.is(run.status, "corrupt");
  t.deepEqual(
    run.issues.map((i) => issueError(i, true).message),
    [
      "steps.jsonl:7: dt_s: expected a number <= 86400, got 1e+300",
      "samples.jsonl:6: power_w: expected a number >= 0, got -300",
      "samples.jsonl:7: util_gpu: expected a number <= 100, got 150",
    ],
  );
});

test("a record about a process the manifest does not list is invalid", (t) => {
  const folder = copyRun("solo-resnet26-r1");
  appendFileSync(
    join(folder, "steps.jsonl"),
    '{"proc": 3, "step": 0, "t_end": 1.0, "dt_s": 0.1, "phase": "measure"}\n',
  );
  const run = readRun(folder);
  t.is(run.status, "corrupt");
  t.is(
    issueError(run.issues[0], true).message,
    "steps.jsonl:7: proc: expected one of the manifest's processes, got 3",
  );
});

test("a line that is JSON but no record (null, a number) is invalid, not a crash", (t) => {
  const folder = copyRun("solo-resnet26-r1");
  appendFileSync(join(folder, "steps.jsonl"), "null\n5\n");
  const run = readRun(folder);
  t.is(run.status, "corrupt");
  t.deepEqual(
    run.issues.map((i) => issueError(i, true).message),
    ["steps.jsonl:7: expected an object, got null", "steps.jsonl:8: expected an object, got 5"],
  );
});

test("a manifest or stream that is a folder is bad input saying so", (t) => {
  const folder = copyRun("solo-resnet26-r1");
  rmSync(join(folder, "steps.jsonl"));
  mkdirSync(join(folder, "steps.jsonl"));
  const error = t.throws(() => readRun(folder), { instanceOf: InputError });
  t.is(
    error?.message,
    `${folder}/steps.jsonl: expected a run file: a regular text file of at most 256 MiB (the limit; --max-file-mb raises it, up to 500), got "a folder, not a regular file"`,
  );
  rmSync(join(folder, "manifest.json"));
  mkdirSync(join(folder, "manifest.json"));
  t.regex(
    t.throws(() => readRun(folder))?.message ?? "",
    /manifest\.json: expected a run file: .*got "a folder, not a regular file"$/,
  );
});

test("a complete run whose streams are empty is not whole: every missing end record is an issue", (t) => {
  const folder = copyRun("naive-resnet26-x2-r1");
  for (const stream of ["procs", "steps", "samples", "kernels", "iterations", "events"])
    writeFileSync(join(folder, `${stream}.jsonl`), "");
  const run = readRun(folder);
  t.is(run.status, "corrupt");
  t.deepEqual(
    run.issues.map((i) => issueError(i, true).message),
    [0, 1].map(
      (p) => `procs.jsonl: proc: expected an end record of every process of a complete run, got ${p}`,
    ),
  );
});

test("a manifest left running by a killed coordinator is read as partial, and said so", (t) => {
  const folder = copyRun("solo-resnet26-r1");
  const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8"));
  const dead = spawnSync("true").pid!;
  const coordinator = { host: hostname(), pid: dead };
  writeFileSync(
    join(folder, "manifest.json"),
    JSON.stringify({ ...manifest, status: "running", coordinator }),
  );
  const run = readRun(folder);
  t.is(run.manifest.status, "partial");
  t.is(run.status, "ok"); // every line was fine; the run as a whole is what is not
  t.deepEqual(run.notes, [
    'manifest status "running": the run was never closed (its coordinator was killed); ingested as partial',
  ]);
  // Still measuring on this host (the coordinator is alive): partial too, with that said.
  writeFileSync(
    join(folder, "manifest.json"),
    JSON.stringify({ ...manifest, status: "running", coordinator: { host: hostname(), pid: process.pid } }),
  );
  t.regex(readRun(folder).notes[0], /is still being measured \(coordinator pid \d+ runs on this host\)/);
});

/** The fixture run with its kernel trace replaced by `gz` (the bytes of kernels.jsonl.gz). */
function withGzippedKernels(gz: (plain: Buffer) => Buffer): string {
  const folder = copyRun("solo-resnet26-r1");
  const plain = readFileSync(join(folder, "kernels.jsonl"));
  rmSync(join(folder, "kernels.jsonl"));
  writeFileSync(join(folder, "kernels.jsonl.gz"), gz(plain));
  return folder;
}

test("a gzipped kernel trace (what the profiler leaves) reads as the plain file", (t) => {
  const run = readRun(withGzippedKernels((plain) => gzipSync(plain)));
  t.is(run.status, "ok");
  t.deepEqual(run.records.kernels, readRun(join(H200, "solo-resnet26-r1")).records.kernels);
  t.true(run.records.kernels.length > 0);
});

test("a cut-off gzip file marks the run corrupt, naming the file", (t) => {
  const folder = withGzippedKernels((plain) => gzipSync(plain).subarray(0, 40));
  const run = readRun(folder);
  t.is(run.status, "corrupt");
  t.deepEqual(
    run.issues.map((i) => issueError(i).message),
    [`${folder}/kernels.jsonl.gz: expected a whole gzip file, got "cut off (unexpected end of file)"`],
  );
});

test("a gzip file that decompresses past the file limit is bad input, not a memory blow-up", (t) => {
  const folder = withGzippedKernels(() => gzipSync(Buffer.alloc(3 * 1024 * 1024, 0x20)));
  const error = t.throws(() => readRun(folder, 2), { instanceOf: InputError });
  t.is(
    error?.message,
    `${folder}/kernels.jsonl.gz: expected a run file: a regular gzip file of at most 2 MiB (the limit; --max-file-mb raises it, up to 500), got "larger than 2 MiB once decompressed"`,
  );
});

test("a replay job that finishes before it started training marks the run corrupt, naming both times", (t) => {
  const folder = join(scratch(), "replay-fake");
  cpSync(join(FAKE, "replay-fake"), folder, { recursive: true });
  const jobs = readFileSync(join(folder, "jobs.jsonl"), "utf8").split("\n");
  jobs[1] = jobs[1].replace('"finish_s":0.9224', '"finish_s":0.2');
  writeFileSync(join(folder, "jobs.jsonl"), jobs.join("\n"));
  const run = readRun(folder);
  t.is(run.status, "corrupt");
  t.deepEqual(
    run.issues.map((i) => issueError(i, true).message),
    ["jobs.jsonl:2: finish_s: expected a time at or after train_start_s (0.3104), got 0.2"],
  );
  t.deepEqual(
    run.records.jobs.map((j) => j.job),
    ["j1"],
  );
});
