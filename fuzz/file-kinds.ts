/**
 * Mutations of the files around scenarios: traces a scenario names, sweep grids, sweep shards for `sweep
 * merge`, profiler run folders for `ingest`, and command-line options.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import { parseDocument, stringify } from "yaml";
import { arrowFiles, ingestRuns } from "../calibration/ingest/ingest.ts";
import { CHECK_S, put, RUN_S, SWEEP_S, type CaseSpec, type Kind, type Workspace } from "./case.ts";
import { REPO } from "./corpus.ts";
import { HOSTILE, junkBytes, setIn, setKey } from "./values.ts";

/** The CSV-trace scenario with its trace at `path`. */
function traceScenario(w: Workspace, path: string): string {
  const doc = parseDocument(readFileSync(w.corpus.csv.scenario, "utf8"));
  setIn(doc, ["jobs", "trace", "path"], path);
  return put(w, "trace-scenario.yaml", doc.toString());
}

const check = (file: string, expect: CaseSpec["expect"], json = false): CaseSpec => ({
  expect,
  argv: ["scenario", "check", file, ...(json ? ["--json"] : [])],
  timeoutS: CHECK_S,
});

/** A trace path that is no trace: kernel files, devices, a folder, a named pipe, a secret, nothing. */
function traceSpecial(w: Workspace): CaseSpec {
  const which = w.dice.pick(["environ", "zero", "folder", "fifo", "secret", "missing", "passwd", "self"]);
  let path: string;
  if (which === "fifo") {
    path = join(w.dir, "pipe.csv");
    spawnSync("mkfifo", [path]);
  } else if (which === "folder") {
    path = w.dir;
  } else
    path = {
      environ: "/proc/self/environ",
      zero: "/dev/zero",
      secret: w.fixtures.secretFile,
      missing: join(w.dir, "missing.csv"),
      passwd: "/etc/passwd",
      self: "/proc/self/mem",
    }[which]!;
  return check(traceScenario(w, path), "reject");
}

const csvText = (w: Workspace) => readFileSync(w.corpus.csv.trace, "utf8");

/** A trace with a byte-order mark keeps all its columns: every job is read. */
function traceBom(w: Workspace): CaseSpec {
  const trace = put(w, "jobs.csv", `\ufeff${csvText(w)}`);
  return check(
    traceScenario(w, trace),
    { exit: 0, output: new RegExp(`"jobs": ${w.corpus.csv.jobs}\\b`) },
    true,
  );
}

function traceHeaderOnly(w: Workspace): CaseSpec {
  const header = csvText(w).split("\n")[0];
  return check(traceScenario(w, put(w, "jobs.csv", `${header}\n`)), "reject");
}

/** A cell of the trace replaced, a line cut, or junk appended. */
function traceDamaged(w: Workspace): CaseSpec {
  const lines = csvText(w).trimEnd().split("\n");
  const row = 1 + w.dice.below(lines.length - 1);
  const cells = lines[row].split(",");
  const choice = w.dice.below(3);
  if (choice === 0) {
    const value = w.dice.pick(HOSTILE);
    cells[w.dice.below(cells.length)] = typeof value === "object" ? JSON.stringify(value) : String(value);
  }
  if (choice === 1) cells.length = w.dice.below(cells.length);
  lines[row] = cells.join(",");
  const text = choice === 2 ? lines.join("\n") + junkBytes(w.dice, 40).toString("latin1") : lines.join("\n");
  return check(traceScenario(w, put(w, "jobs.csv", text)), "any");
}

/** The small grid's sweep file, with its base scenario next to it. */
function gridDoc(w: Workspace) {
  const dir = join(w.fixtures.smallGrid, "..");
  for (const name of readdirSync(dir)) cpSync(join(dir, name), join(w.dir, name));
  return parseDocument(readFileSync(w.fixtures.smallGrid, "utf8"));
}

function sweep(w: Workspace, text: string, expect: CaseSpec["expect"]): CaseSpec {
  const out = join(w.dir, "out");
  return {
    expect,
    argv: ["sweep", put(w, "grid.yaml", text), "--out", out, "--jobs", "1", "--json"],
    out,
    timeoutS: SWEEP_S,
  };
}

function gridHuge(w: Workspace): CaseSpec {
  const doc = gridDoc(w);
  const axes = Array.from({ length: 8 }, (_, i) => ({
    name: `a${i}`,
    path: "seed",
    values: Array.from({ length: 20 }, (_, v) => v),
  }));
  setKey(doc, "axes", axes);
  return sweep(w, doc.toString(), "reject");
}

function gridBadPath(w: Workspace): CaseSpec {
  const doc = gridDoc(w);
  const path = w.dice.pick([
    "hardware.gpus.5.count",
    "a..b",
    "__proto__.polluted",
    "name.x",
    ".",
    "jobs.list.99.arrival_s",
    "hardware.gpus.0.sharing.mode.x",
  ]);
  setKey(doc, "axes", [{ path, values: [1, 2] }]);
  return sweep(w, doc.toString(), "reject");
}

function gridName(w: Workspace): CaseSpec {
  const doc = gridDoc(w);
  setKey(doc, "name", w.dice.pick(["../../colloc-fuzz-escape", "a/b", "\u001b[2Jx"]));
  const out = join(w.dir, "results");
  const file = put(w, "grid.yaml", doc.toString());
  return { expect: "reject", argv: ["sweep", file, "--jobs", "1"], out, timeoutS: SWEEP_S };
}

function gridRandom(w: Workspace): CaseSpec {
  const doc = gridDoc(w);
  const paths = [
    ["name"],
    ["base"],
    ["axes"],
    ["axes", 0, "path"],
    ["axes", 0, "values"],
    ["axes", 0, "values", 0],
    ["limits", "points"],
  ];
  setIn(doc, w.dice.pick(paths), w.dice.pick(HOSTILE));
  return sweep(w, doc.toString(), "any");
}

function gridValid(w: Workspace): CaseSpec {
  return sweep(w, gridDoc(w).toString(), { exit: 0, output: /"points":2/ });
}

/** Both shards copied into the case folder; `mutate` changes shard 1's manifest (or files). */
function shards(w: Workspace): [string, string] {
  return w.fixtures.shards.map((s, i) => {
    const to = join(w.dir, `s${i + 1}`);
    cpSync(s, to, { recursive: true });
    return to;
  }) as [string, string];
}

function merge(w: Workspace, dirs: string[], expect: CaseSpec["expect"]): CaseSpec {
  const out = join(w.dir, "merged");
  return { expect, argv: ["sweep", "merge", ...dirs, "--out", out, "--json"], out, timeoutS: RUN_S };
}

const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, "shard.json"), "utf8"));
const writeManifest = (dir: string, m: unknown) => writeFileSync(join(dir, "shard.json"), JSON.stringify(m));

function mergeHostile(w: Workspace): CaseSpec {
  const [s1, s2] = shards(w);
  const m = manifestOf(s1);
  const which = w.dice.pick([
    "id-path",
    "id-index",
    "total",
    "junk",
    "symlink-point",
    "symlink-file",
    "summary",
    "missing",
    "nested",
  ]);
  if (which === "id-path") {
    const id = w.dice.pick(["../../colloc-fuzz-escape", "/tmp/colloc-fuzz-escape", "..", "p0000/../../x"]);
    mkdirSync(join(s1, "points", id.replace(/^\/+/, "_")), { recursive: true });
    m.points[0].id = id;
  }
  if (which === "id-index") m.points[0].index = m.points[0].index + 1;
  if (which === "total") m.total = w.dice.pick([1e9, -1, 0.5]);
  if (which === "symlink-point" || which === "symlink-file") {
    const point = join(s1, "points", m.points[0].id);
    if (which === "symlink-point") {
      rmSync(point, { recursive: true });
      symlinkSync("/etc", point);
    } else {
      rmSync(join(point, "summary.json"));
      symlinkSync(w.fixtures.secretFile, join(point, "summary.json"));
    }
  }
  if (which === "summary")
    writeFileSync(
      join(s1, "points", m.points[0].id, "summary.json"),
      w.dice.pick(["{", "null", "[]", '{"jobs": 1}', "\u0000"]),
    );
  if (which === "nested") mkdirSync(join(s1, "points", m.points[0].id, "sub"));
  if (which === "junk") writeFileSync(join(s1, "shard.json"), junkBytes(w.dice, 200));
  else writeManifest(s1, m);
  return merge(w, which === "missing" ? [s1] : [s1, s2], "reject");
}

function mergeRandom(w: Workspace): CaseSpec {
  const [s1, s2] = shards(w);
  const m = manifestOf(s1);
  const paths = [
    ["name"],
    ["grid"],
    ["total"],
    ["shard"],
    ["points"],
    ["points", 0],
    ["points", 0, "id"],
    ["points", 0, "index"],
    ["points", 0, "values"],
    ["points", 0, "sets"],
  ];
  const path = w.dice.pick(paths);
  let at = m;
  for (const key of path.slice(0, -1)) at = at[key];
  at[path[path.length - 1]] = w.dice.pick(HOSTILE);
  writeManifest(s1, m);
  return merge(w, [s1, s2], "any");
}

function mergeValid(w: Workspace): CaseSpec {
  return merge(w, shards(w), { exit: 0, output: /"points":2/ });
}

/** A run folder copied into the case folder. */
function runFolder(w: Workspace): string {
  const from = w.dice.pick(w.corpus.runs);
  const to = join(w.dir, "runs", basename(from));
  cpSync(from, to, { recursive: true });
  return to;
}

function ingest(w: Workspace, run: string, expect: CaseSpec["expect"]): CaseSpec {
  const out = join(w.dir, "tables");
  return { expect, argv: ["ingest", run, "--out", out, "--allow-mixed-gpus"], out, timeoutS: RUN_S };
}

const streams = (run: string) => readdirSync(run).filter((f) => f.endsWith(".jsonl"));

function jsonlNull(w: Workspace): CaseSpec {
  const run = runFolder(w);
  const file = join(run, w.dice.pick(streams(run)));
  const lines = readFileSync(file, "utf8").split("\n");
  lines.splice(w.dice.below(lines.length), 0, w.dice.pick(["null", "5", '"x"', "[]", "true"]));
  writeFileSync(file, lines.join("\n"));
  return ingest(w, run, { exit: 0, output: /marked corrupt/ });
}

function runNotAFile(w: Workspace): CaseSpec {
  const run = runFolder(w);
  const name = w.dice.chance(0.5) ? "manifest.json" : w.dice.pick(streams(run));
  rmSync(join(run, name));
  if (w.dice.chance(0.7)) mkdirSync(join(run, name));
  else spawnSync("mkfifo", [join(run, name)]);
  return ingest(w, run, "reject");
}

/** A complete run whose streams are all empty is not whole: its missing end records are reported. */
function streamsEmpty(w: Workspace): CaseSpec {
  const run = runFolder(w);
  const m = JSON.parse(readFileSync(join(run, "manifest.json"), "utf8"));
  m.status = "complete";
  writeFileSync(join(run, "manifest.json"), JSON.stringify(m));
  for (const f of streams(run)) writeFileSync(join(run, f), "");
  return ingest(w, run, { exit: 0, output: /expected an end record of every process of a complete run/ });
}

/** A manifest left `running` (its coordinator killed) is read as partial and said so. */
function manifestRunning(w: Workspace): CaseSpec {
  const run = runFolder(w);
  const m = JSON.parse(readFileSync(join(run, "manifest.json"), "utf8"));
  m.status = "running";
  m.ended_at = null;
  writeFileSync(join(run, "manifest.json"), JSON.stringify(m));
  return ingest(w, run, { exit: 0, output: /ingested as partial/ });
}

function manifestRandom(w: Workspace): CaseSpec {
  const run = runFolder(w);
  const file = join(run, "manifest.json");
  const m = JSON.parse(readFileSync(file, "utf8"));
  const keys = Object.keys(m);
  const key = w.dice.pick(keys);
  if (w.dice.chance(0.2)) delete m[key];
  else m[key] = w.dice.pick(HOSTILE);
  writeFileSync(file, w.dice.chance(0.1) ? `\ufeff${JSON.stringify(m)}` : JSON.stringify(m));
  return ingest(w, run, "any");
}

/** One stream of a copied run folder cut off, with junk after it, a field made hostile, or a BOM before it. */
function damagedRun(w: Workspace): string {
  const run = runFolder(w);
  const file = join(run, w.dice.pick(streams(run)));
  let text = readFileSync(file, "utf8");
  const which = w.dice.below(4);
  if (which === 0) text = text.slice(0, w.dice.below(text.length + 1));
  if (which === 1) text += junkBytes(w.dice, 64).toString("latin1");
  if (which === 2) {
    const lines = text.split("\n");
    const k = w.dice.below(lines.length);
    try {
      const rec = JSON.parse(lines[k]);
      const key = w.dice.pick(Object.keys(rec));
      rec[key] = w.dice.pick(HOSTILE);
      lines[k] = JSON.stringify(rec);
    } catch {
      lines[k] = "{";
    }
    text = lines.join("\n");
  }
  if (which === 3) text = `\ufeff${text}`;
  writeFileSync(file, text);
  return run;
}

const streamDamaged = (w: Workspace): CaseSpec => ingest(w, damagedRun(w), "any");

/** `validate` of a damaged run: skipped saying why, or refused when nothing is left to compare; never a crash. */
function validateDamaged(w: Workspace): CaseSpec {
  const out = join(w.dir, "validation");
  const set = join(REPO, "test/fixtures/sets/h200");
  const argv = ["validate", "--set", set, "--against", damagedRun(w), "--no-leave-models-out", "--out", out];
  return { expect: "any", argv, out, timeoutS: RUN_S };
}

/** The tables `calibrate` reads; each has columns the others lack. */
const CALIBRATE_READS = ["runs", "workloads", "procs", "samples", "steps", "iterations", "kernels", "jobs"];

/** A dataset folder (ingested here, in-process) with one table cut off, emptied, junk, or another table's. */
function calibrateTableDamaged(w: Workspace): CaseSpec {
  const tables = join(w.dir, "tables");
  mkdirSync(tables);
  for (const [name, bytes] of arrowFiles(ingestRuns([runFolder(w)]).rows))
    writeFileSync(join(tables, name), bytes);
  const name = w.dice.pick(CALIBRATE_READS);
  const other = w.dice.pick(CALIBRATE_READS.filter((t) => t !== name));
  const file = join(tables, `${name}.arrow`);
  const bytes = readFileSync(file);
  const which = w.dice.pick(["cut", "empty", "junk", "other"]);
  if (which === "cut") writeFileSync(file, bytes.subarray(0, w.dice.below(bytes.length)));
  if (which === "empty") writeFileSync(file, "");
  if (which === "junk") writeFileSync(file, junkBytes(w.dice, 300));
  if (which === "other") cpSync(join(tables, `${other}.arrow`), file);
  const out = join(w.dir, "set");
  return { expect: "reject", argv: ["calibrate", tables, "--out", out], out, timeoutS: RUN_S };
}

/**
 * A stream gzipped as the profiler leaves a kernel trace, then whole, cut off, with a flipped byte, or a gzip bomb
 * (a few KB that decompress past the file limit): whole reads as the plain file, the rest is marked or refused.
 */
function streamGzipped(w: Workspace): CaseSpec {
  const run = runFolder(w);
  const file = join(run, w.dice.pick(streams(run)));
  let packed = gzipSync(readFileSync(file));
  rmSync(file);
  const which = w.dice.below(4);
  if (which === 1) packed = packed.subarray(0, w.dice.below(packed.length));
  if (which === 2) packed[w.dice.below(packed.length)] ^= 1 << w.dice.below(8);
  if (which === 3) packed = gzipSync(Buffer.alloc(3 * 1024 * 1024, 0x20));
  writeFileSync(`${file}.gz`, packed);
  const spec = ingest(w, run, which === 0 ? { exit: 0, output: /.*/ } : "any");
  return which === 3 ? { ...spec, expect: "reject", argv: [...spec.argv, "--max-file-mb", "2"] } : spec;
}

function manifestJunk(w: Workspace): CaseSpec {
  const run = runFolder(w);
  writeFileSync(
    join(run, "manifest.json"),
    w.dice.chance(0.5) ? junkBytes(w.dice, 300) : '{"schema": "colloc.run/1", ',
  );
  return ingest(w, run, "reject");
}

/** Options out of range or malformed. */
function badOption(w: Workspace): CaseSpec {
  const study = w.corpus.scenarios.find((f) => f.includes("/study/"))!;
  const argv = w.dice.pick([
    ["sweep", w.fixtures.smallGrid, "--jobs", w.dice.pick(["0", "1e9", "-1", "two", "100000"])],
    ["sweep", w.fixtures.smallGrid, "--shard", w.dice.pick(["0/0", "3/2", "1/0", "x", "1/2/3"])],
    [
      "ingest",
      w.corpus.runs[0],
      "--out",
      join(w.dir, "t"),
      "--max-file-mb",
      w.dice.pick(["0", "1e9", "-5", "x"]),
    ],
    ["run", join(w.dir, "nope.yaml")],
    ["run", study, "--bogus"],
    ["scenario", "check"],
    ["sweep", "merge", join(w.dir, "nothing"), "--out", join(w.dir, "m")],
  ]);
  return { expect: "reject", argv, timeoutS: CHECK_S };
}

export const FILE_KINDS: Kind[] = [
  { name: "trace-path-special", target: "trace", weight: 5, make: traceSpecial },
  { name: "trace-bom", target: "trace", weight: 2, make: traceBom },
  { name: "trace-header-only", target: "trace", weight: 2, make: traceHeaderOnly },
  { name: "trace-damaged", target: "trace", weight: 4, make: traceDamaged },
  { name: "grid-huge", target: "grid", weight: 2, make: gridHuge },
  { name: "grid-path-bad", target: "grid", weight: 2, make: gridBadPath },
  { name: "grid-name-path", target: "grid", weight: 1, make: gridName },
  { name: "grid-value-random", target: "grid", weight: 2, make: gridRandom },
  { name: "grid-valid", target: "grid", weight: 0.5, make: gridValid },
  { name: "merge-shard-hostile", target: "shard", weight: 5, make: mergeHostile },
  { name: "merge-value-random", target: "shard", weight: 3, make: mergeRandom },
  { name: "merge-valid", target: "shard", weight: 0.5, make: mergeValid },
  { name: "ingest-jsonl-null", target: "run folder", weight: 2, make: jsonlNull },
  { name: "ingest-not-a-file", target: "run folder", weight: 2, make: runNotAFile },
  { name: "ingest-streams-empty", target: "run folder", weight: 2, make: streamsEmpty },
  { name: "ingest-manifest-running", target: "run folder", weight: 2, make: manifestRunning },
  { name: "ingest-manifest-random", target: "run folder", weight: 3, make: manifestRandom },
  { name: "ingest-manifest-junk", target: "run folder", weight: 1, make: manifestJunk },
  { name: "ingest-stream-damaged", target: "run folder", weight: 4, make: streamDamaged },
  { name: "ingest-stream-gzipped", target: "run folder", weight: 2, make: streamGzipped },
  { name: "validate-stream-damaged", target: "run folder", weight: 2, make: validateDamaged },
  { name: "calibrate-table-damaged", target: "dataset table", weight: 3, make: calibrateTableDamaged },
  { name: "option-bad", target: "command line", weight: 2, make: badOption },
];

/** The small grid of the fixtures: two seeds of the three-job MPS replay scenario, charts off. */
export function smallGridFiles(dir: string, scenario: string): string {
  const doc = parseDocument(readFileSync(scenario, "utf8"));
  setKey(doc, "name", "small");
  setIn(doc, ["output", "charts"], false);
  writeFileSync(join(dir, "base.yaml"), doc.toString());
  const grid = join(dir, "grid.yaml");
  writeFileSync(
    grid,
    stringify({ name: "small", base: "base.yaml", axes: [{ path: "seed", values: [1, 2] }] }),
  );
  return grid;
}
