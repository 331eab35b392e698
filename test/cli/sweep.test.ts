import test from "ava";
import { spawn } from "node:child_process";
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { stringify } from "yaml";
import { pathToFileURL } from "node:url";
import { openInBrowser } from "../report/browser.ts";
import { colloc } from "./colloc.ts";
import { longBesideShort, mpsStream, scratch, tree } from "./scratch.ts";

/** A base scenario and a 2 x 2 grid (sharing setup x seed) over it. */
function setup() {
  const { dir, calibration } = scratch("colloc-cli-sweep-");
  writeFileSync(
    join(dir, "base.yaml"),
    stringify({
      name: "base",
      seed: 1,
      ...mpsStream(calibration, {
        gpus: 2,
        count: 20,
        ratePerHour: 200,
        mix: { small: 1, large: 1 },
        maxIterations: 1000,
      }),
      output: { charts: false },
    }),
  );
  writeFileSync(
    join(dir, "grid.yaml"),
    stringify({
      name: "grid",
      base: "base.yaml",
      axes: [
        {
          name: "sharing",
          values: [
            { "scheduler.policy": "mps-pack", "hardware.gpus.0.sharing.mode": "mps" },
            { "scheduler.policy": "naive-pack", "hardware.gpus.0.sharing.mode": "naive" },
          ],
        },
        { path: "seed", values: [1, 2] },
      ],
    }),
  );
  return dir;
}

/** One whole sweep, its two shards and their merges, run once (concurrently) for the tests below. */
const sweep = (async () => {
  const dir = setup();
  const grid = join(dir, "grid.yaml");
  const [whole, ...shards] = await Promise.all([
    colloc("sweep", grid, "--out", join(dir, "all"), "--jobs", "2", "--json"),
    colloc("sweep", grid, "--shard", "1/2", "--out", join(dir, "s1"), "--jobs", "1"),
    colloc("sweep", grid, "--shard", "2/2", "--out", join(dir, "s2"), "--jobs", "1"),
  ]);
  const [merged, incomplete] = await Promise.all([
    colloc("sweep", "merge", join(dir, "s1"), join(dir, "s2"), "--out", join(dir, "merged")),
    colloc("sweep", "merge", join(dir, "s1"), "--out", join(dir, "half")),
  ]);
  return { dir, whole, shards, merged, incomplete };
})();

test("a sweep runs every grid point and indexes them, first axis slowest", async (t) => {
  const { dir, whole } = await sweep;
  t.is(whole.code, 0, whole.stderr);
  const printed = JSON.parse(whole.stdout);
  t.is(printed.points, 4);
  const index = JSON.parse(readFileSync(join(dir, "all", "sweep.json"), "utf8"));
  t.deepEqual(
    index.points.map((p: { id: string; summary: { policy: string; seed: number } }) => [
      p.id,
      p.summary.policy,
      p.summary.seed,
    ]),
    [
      ["p0000", "mps-pack", 1],
      ["p0001", "mps-pack", 2],
      ["p0002", "naive-pack", 1],
      ["p0003", "naive-pack", 2],
    ],
  );
  const table = tableFromIPC(readFileSync(join(dir, "all", "summary.arrow")));
  t.is(table.numRows, 4);
  // Whole-number axes and counts are int32 columns; a multi-field axis is text; metrics carry their units.
  t.deepEqual([...table.getChild("seed")!.toArray()], [1, 2, 1, 2]);
  t.deepEqual(table.getChild("sharing")?.toArray(), [
    "mps-pack, mps",
    "mps-pack, mps",
    "naive-pack, naive",
    "naive-pack, naive",
  ]);
  const field = (name: string) => table.schema.fields.find((f) => f.name === name)!;
  t.is(String(field("jobs_finished").type), "Int32");
  t.is(field("completion_mean_s").metadata.get("unit"), "s");
  // --json prints the same rows, one per point, with the figures of each point's own summary.
  t.deepEqual(
    printed.rows.map((r: Record<string, unknown>) => [r.point, r.sharing, r.seed]),
    [
      ["p0000", "mps-pack, mps", 1],
      ["p0001", "mps-pack, mps", 2],
      ["p0002", "naive-pack, naive", 1],
      ["p0003", "naive-pack, naive", 2],
    ],
  );
  for (const [i, row] of printed.rows.entries()) {
    const summary = index.points[i].summary;
    t.is(row.jobs_finished, summary.jobs.finished);
    t.is(row.completion_p95_s, summary.completion_s.p95);
    t.is(row.energy_kwh, summary.energy_kwh);
  }
  t.true(existsSync(join(dir, "all", "chart-sweep.svg")));
});

test("a sweep names each caveat of its points once, on stderr", async (t) => {
  const { dir, whole } = await sweep;
  const index = JSON.parse(readFileSync(join(dir, "all", "sweep.json"), "utf8"));
  const caveats = index.points.map((p: { summary: { caveats: string[] } }) => p.summary.caveats);
  // The test set's workloads have no kernel trace: a caveat under MPS (points 0 and 1), none time-sliced.
  t.deepEqual(caveats[2], []);
  t.is(caveats[0].length, 2);
  t.deepEqual(caveats[1], caveats[0]);
  t.is(whole.stderr, caveats[0].map((c: string) => `caveat: ${c}\n`).join(""));
});

test("two shards merged give the same bytes as the whole sweep", async (t) => {
  const { dir, shards, merged } = await sweep;
  for (const shard of shards) t.is(shard.code, 0, shard.stderr);
  t.is(merged.code, 0, merged.stderr);
  const whole = tree(join(dir, "all"));
  const joined = tree(join(dir, "merged"));
  t.deepEqual([...joined.keys()], [...whole.keys()]);
  for (const [name, bytes] of whole) t.true(bytes.equals(joined.get(name)!), name);
});

test("merging an incomplete set of shards is bad input, and writes nothing", async (t) => {
  const { dir, incomplete } = await sweep;
  t.is(incomplete.code, 2);
  t.regex(incomplete.stderr, /expected every point of the grid exactly once \(4 points\)/);
  t.false(existsSync(join(dir, "half")));
});

test("an --out folder holding an earlier sweep and files of the user's is refused, and nothing of it is touched", async (t) => {
  const { dir: shared } = await sweep;
  // A folder of its own: other tests compare the shared folder's listing before and after.
  const dir = setup();
  const kept = join(dir, "kept");
  cpSync(join(shared, "all"), kept, { recursive: true });
  writeFileSync(join(kept, "notes.txt"), "mine\n");
  const before = tree(kept);
  const run = await colloc("sweep", join(dir, "grid.yaml"), "--out", kept, "--jobs", "1");
  t.is(run.code, 2);
  t.regex(run.stderr, /expected a new folder or an earlier output of the same command, got \["notes.txt"\]/);
  t.deepEqual(tree(kept), before);
});

test("merge refuses an --out that is one of its shards, and a shard listed twice", async (t) => {
  const { dir } = await sweep;
  const [s1, s2] = [join(dir, "s1"), join(dir, "s2")];
  const before = tree(s1);
  const [onto, twice] = await Promise.all([
    colloc("sweep", "merge", s1, s2, "--out", s1),
    colloc("sweep", "merge", s1, s2, `${s1}/`, "--out", join(dir, "twice")),
  ]);
  t.is(onto.code, 2);
  t.regex(onto.stderr, /--out: expected a folder that is none of the shards being merged/);
  t.deepEqual(tree(s1), before);
  t.is(twice.code, 2);
  t.regex(twice.stderr, /expected each shard listed once, got "listed twice"/);
  t.false(existsSync(join(dir, "twice")));
});

test("a grid value the scenario refuses names the point and what the grid set there", async (t) => {
  const dir = setup();
  const grid = join(dir, "bad-grid.yaml");
  writeFileSync(
    grid,
    stringify({
      name: "bad",
      base: "base.yaml",
      axes: [{ path: "scheduler.params.max_co_runners", values: [0] }],
    }),
  );
  const run = await colloc("sweep", grid, "--out", join(dir, "bad"), "--jobs", "1");
  t.is(run.code, 2);
  t.regex(
    run.stderr,
    /^colloc: sweep point p0000 \(scheduler\.params\.max_co_runners = 0\): expected .*base\.yaml: scheduler\.params\.max_co_runners: expected a number >= 1, got 0\n$/,
  );
  t.false(existsSync(join(dir, "bad")));
});

test("a base that is no scenario at all gets the message `scenario check` gives for it, and nothing runs", async (t) => {
  const dir = setup();
  const bases: Record<string, string> = {
    "duplicate.yaml": "name: a\nname: b\n",
    "empty.yaml": "",
    "list.yaml": "- a\n- b\n",
    "two.yaml": "name: a\n---\nname: b\n",
    "data.csv": "a,b\n1,2\n",
  };
  const runs = await Promise.all(
    Object.entries(bases).map(async ([base, text]) => {
      writeFileSync(join(dir, base), text);
      const grid = join(dir, `grid-${base}.yaml`);
      writeFileSync(grid, stringify({ name: "e", base, axes: [{ path: "seed", values: [1] }] }));
      const [run, check] = await Promise.all([
        colloc("sweep", grid, "--out", join(dir, `out-${base}`), "--jobs", "1"),
        colloc("scenario", "check", join(dir, base)),
      ]);
      return { base, run, check };
    }),
  );
  for (const { base, run, check } of runs) {
    t.is(run.code, 2, base);
    t.is(run.stderr, check.stderr, base);
    t.false(existsSync(join(dir, `out-${base}`)), base);
  }
  t.is(
    runs[0].run.stderr,
    `colloc: ${join(dir, "duplicate.yaml")}: line 2, column 1: expected well-formed YAML (Map keys must be unique)\n`,
  );
});

test("a bad shard spec names the option", async (t) => {
  for (const spec of ["3/2", "1/99999999999999999999"]) {
    const run = await colloc("sweep", "grid.yaml", "--shard", spec);
    t.is(run.code, 2);
    t.is(run.stderr, `colloc: --shard: expected I/N with 1 <= I <= N <= 100,000, got "${spec}"\n`);
  }
});

test("the report of a sweep draws the chart comparing its points and lists every point with units", async (t) => {
  const { dir, whole } = await sweep;
  t.is(whole.code, 0, whole.stderr);
  const report = await colloc("report", join(dir, "all"));
  t.is(report.code, 0, report.stderr);
  t.is(report.stderr, "");
  const html = readFileSync(join(dir, "all", "report.html"), "utf8");
  t.regex(html, /<caption>summary\.arrow: 4 rows × \d+ columns<\/caption>/);
  t.regex(html, /<th>completion_p95_s<br><span class="unit">s<\/span><\/th>/);
  t.regex(html, /<td>axis seed<\/td><td>1 \| 2<\/td>/);
  const seen = await openInBrowser(pathToFileURL(join(dir, "all", "report.html")).href);
  t.deepEqual(
    seen.charts.map((c) => c.name),
    ["chart-sweep"],
  );
  // One panel per metric that is not 0 everywhere, a line per sharing setup, a dot per point and metric.
  t.true(seen.charts[0].marks > 4 * 6, `${seen.charts[0].marks} marks`);
  t.true(seen.charts[0].colouredPixels > 500);
  t.deepEqual(seen.errors, []);
});

test("merge checks every point id: one that is a path is refused and nothing is copied anywhere", async (t) => {
  const { dir, shards } = await sweep;
  for (const shard of shards) t.is(shard.code, 0, shard.stderr);
  const hostile = join(dir, "hostile");
  cpSync(join(dir, "s1"), hostile, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(hostile, "shard.json"), "utf8"));
  cpSync(join(hostile, "points", manifest.points[0].id), join(dir, "payload"), { recursive: true });
  manifest.points[0].id = "../../payload";
  writeFileSync(join(hostile, "shard.json"), JSON.stringify(manifest));
  const before = readdirSync(dir).sort();
  const run = await colloc("sweep", "merge", hostile, join(dir, "s2"), "--out", join(dir, "m2"));
  t.is(run.code, 2);
  t.regex(
    run.stderr,
    /shard\.json: points\[0\]\.id: expected a point id \(p0000, p0001, \.\.\.\), got "\.\.\/\.\.\/payload"/,
  );
  t.deepEqual(readdirSync(dir).sort(), before);
});

test("merge refuses a shard's damaged point file, naming that file, and leaves nothing behind", async (t) => {
  const { dir: shared, shards } = await sweep;
  for (const shard of shards) t.is(shard.code, 0, shard.stderr);
  // A folder of its own: other tests compare the shared folder's listing before and after.
  const dir = setup();
  const damaged = (name: string, file: string, content: string) => {
    const shard = join(dir, name);
    cpSync(join(shared, "s1"), shard, { recursive: true });
    writeFileSync(join(shard, "points", "p0000", file), content);
    return join(shard, "points", "p0000", file);
  };
  const summary = readFileSync(join(shared, "s1", "points", "p0000", "summary.json"), "utf8");
  const nanLine = summary.split("\n").findIndex((line) => line.includes('"makespan_s"')) + 1;
  const nan = damaged("nan", "summary.json", summary.replace(/"makespan_s": [^,\n]+/, '"makespan_s": NaN'));
  const cut = damaged("cut", "summary.json", summary.slice(0, summary.length / 2));
  const empty = damaged("empty", "jobs.arrow", "");
  const before = readdirSync(dir).sort();
  const [nanRun, cutRun, emptyRun] = await Promise.all(
    ["nan", "cut", "empty"].map((name) =>
      colloc("sweep", "merge", join(dir, name), join(shared, "s2"), "--out", join(dir, `merged-${name}`)),
    ),
  );
  // The shard's own file and what it should be, in words: not the merge's temporary copy, not the parser's code.
  t.is(nanRun.code, 2);
  t.is(
    nanRun.stderr,
    `colloc: ${nan}:${nanLine}: expected a point summary as one whole JSON object (it is not JSON from this line on: cut short, or a value such as NaN)\n`,
  );
  t.is(cutRun.code, 2);
  t.true(cutRun.stderr.startsWith(`colloc: ${cut}:`), cutRun.stderr);
  t.is(emptyRun.code, 2);
  t.is(emptyRun.stderr, `colloc: ${empty}: expected a whole Arrow IPC file, got "an empty file"\n`);
  // No merged folder, and no temporary one beside it.
  t.deepEqual(readdirSync(dir).sort(), before);
});

test("a grid past the points limit is refused before it is built, naming the limit and its field", async (t) => {
  const dir = setup();
  const axes = Array.from({ length: 8 }, (_, i) => ({
    name: `a${i}`,
    path: "seed",
    values: Array.from({ length: 20 }, (_, v) => v),
  }));
  writeFileSync(join(dir, "huge.yaml"), stringify({ base: "base.yaml", axes }));
  const run = await colloc("sweep", join(dir, "huge.yaml"), "--out", join(dir, "out"));
  t.is(run.code, 2);
  t.regex(
    run.stderr,
    /huge\.yaml: axes: expected a grid of at most 10000 points \(the limit; limits\.points raises it, up to 100000\), got 25600000000/,
  );
  t.false(existsSync(join(dir, "out")));
});

test("Ctrl-C during a sweep removes its temporary folder, says so and leaves no output", async (t) => {
  const dir = setup();
  writeFileSync(
    join(dir, "long.yaml"),
    stringify({
      base: "base.yaml",
      axes: [{ path: "seed", values: Array.from({ length: 40 }, (_, i) => i) }],
    }),
  );
  const child = spawn(process.execPath, [
    "bin/colloc.js",
    "sweep",
    join(dir, "long.yaml"),
    "--out",
    join(dir, "out"),
    "--jobs",
    "1",
  ]);
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const temp = join(dir, `.out.tmp-${child.pid}`);
  // Interrupt once the first point is written (the sweep is then well inside its temporary folder).
  while (!(existsSync(join(temp, "points")) && readdirSync(join(temp, "points")).length > 0))
    await new Promise((r) => setTimeout(r, 50));
  child.kill("SIGINT");
  const code = await new Promise((done) => child.on("exit", done));
  t.is(code, 130);
  t.is(stderr, `colloc: interrupted (SIGINT): removed ${temp}; earlier outputs are as they were\n`);
  t.false(existsSync(temp));
  t.false(existsSync(join(dir, "out")));
});

test("--mps-model replay reaches every point's simulation, and shards of another model do not merge", async (t) => {
  const dir = setup();
  // Two points: convmixer_1536 beside densenet169 or beside deit_tiny.
  longBesideShort(dir);
  writeFileSync(
    join(dir, "pairs.yaml"),
    stringify({
      name: "pairs",
      base: "pair.yaml",
      axes: [{ path: "jobs.list.1.workload", values: ["densenet169-in-b64", "deittiny-in-b256"] }],
    }),
  );
  const grid = join(dir, "pairs.yaml");
  const [replayed, shard, other] = await Promise.all([
    colloc("sweep", grid, "--out", join(dir, "r"), "--jobs", "2", "--mps-model", "replay"),
    colloc("sweep", grid, "--shard", "1/2", "--out", join(dir, "r1"), "--jobs", "1", "--mps-model", "replay"),
    colloc("sweep", grid, "--shard", "2/2", "--out", join(dir, "f2"), "--jobs", "1"),
  ]);
  for (const run of [replayed, shard, other]) t.is(run.code, 0, run.stderr);
  for (const point of readdirSync(join(dir, "r", "points"))) {
    const summary = JSON.parse(readFileSync(join(dir, "r", "points", point, "summary.json"), "utf8"));
    t.is(summary.mps_model, "replay", point);
  }
  const merged = await colloc("sweep", "merge", join(dir, "r1"), join(dir, "f2"), "--out", join(dir, "m"));
  t.is(merged.code, 2);
  t.regex(merged.stderr, /shard\.json: grid/);
  const bad = await colloc("sweep", grid, "--mps-model", "exact", "--out", join(dir, "x"));
  t.is(bad.code, 2);
  t.regex(bad.stderr, /--mps-model: expected auto, fast, replay or blend, got "exact"/);
});
