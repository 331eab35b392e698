import test from "ava";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { stringify } from "yaml";
import { pathToFileURL } from "node:url";
import { openInBrowser } from "../report/browser.ts";
import { colloc } from "./colloc.ts";
import { mpsStream, scratch, tree } from "./scratch.ts";

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

test("a bad shard spec names the option", async (t) => {
  const run = await colloc("sweep", "grid.yaml", "--shard", "3/2");
  t.is(run.code, 2);
  t.regex(run.stderr, /--shard: expected I\/N with 1 <= I <= N, got "3\/2"/);
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
