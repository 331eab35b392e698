/**
 * `colloc sweep GRID [--out DIR] [--shard I/N] [--jobs N]`: run a grid of scenarios over worker threads, each
 * point into OUT/points/<id>/, then index them (sweep.json, summary.arrow). With --shard, only every N-th point
 * and a shard.json instead of the index; `colloc sweep merge SHARDS... --out DIR` joins shards into the same
 * bytes a whole run gives. Everything is written in a temporary sibling folder renamed into place at the end;
 * Ctrl-C removes it (cli/interrupt.ts).
 */
import { writeCaveats } from "../caveats.ts";
import type { Command } from "commander";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, dirname, extname, join, resolve } from "node:path";
import { intoFolder } from "../../io/write-folder.ts";
import { InputError } from "../../sim/input-error.ts";
import type { Summary } from "../../sim/cluster/metrics.ts";
import {
  checkPaths,
  expandGrid,
  parseShard,
  parseSweep,
  pointScenario,
  shardPoints,
  type SweepPoint,
} from "../../sim/cluster/sweep/grid.ts";
import { sweepChart } from "../../sim/cluster/sweep/chart.ts";
import { axesOf, pointRows, sweepIndex, type PointResult } from "../../sim/cluster/sweep/summary-table.ts";
import { formatDuration } from "../../sim/cluster/time-unit.ts";
import { renderSvg } from "../../report/svg.ts";
import { interruptible } from "../interrupt.ts";
import { readInputFile } from "../load-scenario.ts";
import { checkMpsModelName, withMpsModelOption } from "../mps-model.ts";
import { runPool, type Pool } from "../sweep/pool.ts";
import { copyPoint, readPointSummary, readShard, SHARD_FILE, type ShardManifest } from "../sweep/shard.ts";
import { formatTable } from "../table.ts";
import type { Register } from "./index.ts";
import { REPORT_FILE } from "../../report/html.ts";

const INDEX_FILE = "sweep.json";
/** What a sweep, a shard or a merge writes, and the report made of it: an existing `out` may hold nothing else. */
const SWEEP_NAMES = new Set([
  INDEX_FILE,
  SHARD_FILE,
  "points",
  "summary.arrow",
  "chart-sweep.vl.json",
  "chart-sweep.svg",
  REPORT_FILE,
]);

/** Write into a temporary sibling of `out`, then swap it in; an existing `out` must be an earlier sweep output. */
function intoSweepFolder(out: string, fill: (temp: string) => Promise<void>): Promise<void> {
  const isSweepOutput = (name: string) => SWEEP_NAMES.has(name);
  return intoFolder(out, isSweepOutput, async (temp) => {
    mkdirSync(join(temp, "points"));
    await fill(temp);
  });
}

function pointResults(points: SweepPoint[], summary: (p: SweepPoint) => Summary): PointResult[] {
  return points.map((point) => ({ point, summary: summary(point) }));
}

/** sweep.json, summary.arrow and the chart comparing the points. */
async function writeIndex(dir: string, name: string, results: PointResult[]): Promise<void> {
  const { json, arrow } = sweepIndex(name, results);
  writeFileSync(join(dir, INDEX_FILE), json);
  writeFileSync(join(dir, "summary.arrow"), arrow);
  const chart = sweepChart(name, axesOf(results), pointRows(results));
  writeFileSync(join(dir, "chart-sweep.vl.json"), `${JSON.stringify(chart, null, 2)}\n`);
  writeFileSync(join(dir, "chart-sweep.svg"), await renderSvg(chart));
}

/** A point's summary as the sweep itself just wrote it. */
const ownSummary = (dir: string) => (p: SweepPoint) =>
  JSON.parse(readFileSync(join(dir, "points", p.id, "summary.json"), "utf8")) as Summary;

/** The points' headline figures as a terminal table. */
function pointsTable(results: PointResult[]): string {
  const axes = axesOf(results);
  const rows = pointRows(results).map((r) => [
    r.point,
    ...axes.map((a) => r[a]),
    r.jobs_finished,
    r.oom_events,
    r.jobs_per_hour,
    formatDuration(r.completion_mean_s as number | null),
    formatDuration(r.completion_p95_s as number | null),
    formatDuration(r.wait_mean_s as number | null),
    r.utilization,
    r.energy_kwh,
  ]);
  const header = [
    "point",
    ...axes,
    "finished",
    "OOM",
    "jobs/h",
    "JCT mean",
    "JCT p95",
    "wait mean",
    "util",
    "kWh",
  ];
  return formatTable(header, rows);
}

async function sweep(
  gridFile: string,
  options: { out?: string; shard?: string; jobs?: string; json?: boolean; mpsModel: string },
) {
  const mpsModel = checkMpsModelName(options.mpsModel);
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const threads = options.jobs === undefined ? availableParallelism() : Number(options.jobs);
  if (!(Number.isInteger(threads) && threads >= 1 && threads <= 256))
    throw new InputError("--jobs", "", "a whole number from 1 to 256", options.jobs);
  const gridText = readInputFile(gridFile, "sweep file");
  const grid = parseSweep(gridText, gridFile);
  const baseFile = resolve(dirname(gridFile), grid.base);
  const baseText = readInputFile(baseFile, "base scenario");
  const name = grid.name ?? basename(gridFile, extname(gridFile));
  checkPaths(grid, gridText, gridFile, baseText, baseFile);
  const all = expandGrid(grid);
  const points = shard === undefined ? all : shardPoints(all, shard);
  const out = options.out ?? join("results", shard ? `${name}-shard-${shard.index}-of-${shard.count}` : name);
  let pool: Pool | undefined;
  let results: PointResult[] = [];
  await interruptible(
    () =>
      intoSweepFolder(out, async (temp) => {
        const task = (k: number) => ({
          id: points[k].id,
          text: pointScenario(baseText, baseFile, points[k]),
          file: baseFile,
          dir: join(temp, "points", points[k].id),
          mpsModel,
        });
        // A point's bad value comes from the grid: name what the grid set, not only base.yaml's line.
        const describe = (id: string) => {
          const sets = points.find((p) => p.id === id)?.sets ?? [];
          return `sweep point ${id} (${sets.map(([field, value]) => `${field} = ${JSON.stringify(value)}`).join(", ")})`;
        };
        pool = runPool(points.length, task, threads, options.json === true, describe);
        await pool.done;
        results = pointResults(points, ownSummary(temp));
        if (shard === undefined) await writeIndex(temp, name, results);
        else {
          // Shards of one grid simulated with other MPS models must not merge: the model is part of the grid.
          const hash = createHash("sha256").update(gridText).update("\0").update(baseText);
          if (mpsModel !== "auto") hash.update(`\0mps-model=${mpsModel}`);
          const manifest: ShardManifest = {
            name,
            grid: hash.digest("hex"),
            total: all.length,
            shard: `${shard.index}/${shard.count}`,
            points,
          };
          writeFileSync(join(temp, SHARD_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
        }
      }),
    async () => pool?.stop(),
  );
  writeCaveats(results.flatMap((r) => r.summary.caveats));
  const report = { name, out, points: points.length, of: all.length, rows: pointRows(results) };
  process.stdout.write(
    options.json
      ? `${JSON.stringify(report)}\n`
      : `${pointsTable(results)}${points.length} of ${all.length} points in ${out}\n`,
  );
}

async function merge(shards: string[], options: { out: string; json?: boolean }) {
  const twice = shards.find((dir, i) => shards.findIndex((d) => resolve(d) === resolve(dir)) !== i);
  if (twice !== undefined) throw new InputError(twice, "", "each shard listed once", "listed twice");
  const manifests = shards.map(readShard);
  const first = manifests[0];
  manifests.forEach((m, i) => {
    if (m.grid !== first.grid || m.total !== first.total)
      throw new InputError(join(shards[i], SHARD_FILE), "grid", `the grid of ${shards[0]}`, m.name);
  });
  const points = manifests.flatMap((m) => m.points).sort((a, b) => a.index - b.index);
  const missing = Array.from({ length: first.total }, (_, i) => i).filter((i) => points[i]?.index !== i);
  if (points.length !== first.total || missing.length > 0)
    throw new InputError(
      shards.join(" "),
      "",
      `every point of the grid exactly once (${first.total} points)`,
      `${points.length} points`,
    );
  // The merge replaces --out as a whole: a shard it reads from must not be it.
  if (shards.some((dir) => resolve(dir) === resolve(options.out)))
    throw new InputError("--out", "", "a folder that is none of the shards being merged", options.out);
  const from = new Map(manifests.flatMap((m, i) => m.points.map((p) => [p.id, shards[i]] as const)));
  let results: PointResult[] = [];
  await interruptible(() =>
    intoSweepFolder(options.out, async (temp) => {
      // Checked in the shards, not in the temporary copy: a message names the file the user can open and mend.
      results = pointResults(points, (p) => readPointSummary(from.get(p.id)!, p));
      for (const p of points) copyPoint(join(from.get(p.id)!, "points", p.id), join(temp, "points", p.id));
      await writeIndex(temp, first.name, results);
    }),
  );
  const report = {
    name: first.name,
    out: options.out,
    points: points.length,
    shards: shards.length,
    rows: pointRows(results),
  };
  process.stdout.write(
    options.json
      ? `${JSON.stringify(report)}\n`
      : `merged ${shards.length} shards (${points.length} points) into ${options.out}\n`,
  );
}

export const registerSweep: Register = (program: Command) => {
  // Options after a subcommand belong to it: `sweep merge ... --out DIR` gives --out to merge, not to sweep
  // (commander needs this on every ancestor; the program has no options of its own but --version and --help).
  program.enablePositionalOptions();
  const command = program
    .command("sweep")
    .description("run a grid of scenarios (a base scenario and axes of values) over worker threads")
    .argument("<grid>", "sweep file (YAML): base scenario and axes")
    .option("--out <dir>", "output folder (default: results/<sweep name>)")
    .option("--shard <I/N>", "run only shard I of N (every N-th point); join shards with `sweep merge`")
    .option("--jobs <n>", "worker threads (default: available CPUs)")
    .option("--json", "print a JSON line instead of text, no progress bar")
    .enablePositionalOptions();
  withMpsModelOption(command).action(sweep);
  command
    .command("merge")
    .description("join sweep shards into one sweep folder, identical to an unsharded run")
    .argument("<shards...>", "shard output folders")
    .requiredOption("--out <dir>", "output folder")
    .option("--json", "print a JSON line")
    .action(merge);
};
