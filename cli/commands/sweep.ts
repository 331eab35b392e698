/**
 * `colloc sweep GRID [--out DIR] [--shard I/N] [--jobs N]`: run a grid of scenarios over worker threads, each
 * point into OUT/points/<id>/, then index them (sweep.json, summary.arrow). With --shard, only every N-th point
 * and a shard.json instead of the index; `colloc sweep merge SHARDS... --out DIR` joins shards into the same
 * bytes a whole run gives. Everything is written in a temporary sibling folder renamed into place at the end.
 */
import type { Command } from "commander";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, dirname, extname, join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { swapIntoPlace } from "../../calibration/ingest/write-folder.ts";
import { InputError } from "../../sim/core/errors.ts";
import type { Summary } from "../../sim/cluster/metrics.ts";
import {
  expandGrid,
  parseShard,
  parseSweep,
  pointScenario,
  shardPoints,
  type SweepPoint,
} from "../../sim/cluster/sweep/grid.ts";
import { sweepChart } from "../../sim/cluster/sweep/chart.ts";
import { axesOf, pointRows, sweepIndex, type PointResult } from "../../sim/cluster/sweep/summary-table.ts";
import { renderSvg } from "../../report/svg.ts";
import { formatDuration } from "../../sim/cluster/time-unit.ts";
import { progress } from "../progress.ts";
import { formatTable } from "../table.ts";
import type { Register } from "./index.ts";
import type { PointReply, PointTask } from "./sweep-worker.ts";

const SHARD_FILE = "shard.json";
const INDEX_FILE = "sweep.json";

interface ShardManifest {
  name: string;
  /** Hash of the sweep file and its base scenario: shards of different grids never merge. */
  grid: string;
  total: number;
  shard: string;
  points: SweepPoint[];
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new InputError(file, "", `a readable ${what}`, (error as NodeJS.ErrnoException).code);
  }
}

/** Write into a temporary sibling of `out`, then swap it in; an existing `out` must be an earlier sweep output. */
async function intoFolder(out: string, fill: (temp: string) => Promise<void>): Promise<void> {
  const target = resolve(out);
  if (existsSync(target) && !existsSync(join(target, INDEX_FILE)) && !existsSync(join(target, SHARD_FILE)))
    throw new InputError(out, "", "a new folder or an earlier sweep output");
  const temp = join(dirname(target), `.${basename(target)}.tmp-${process.pid}`);
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(join(temp, "points"), { recursive: true });
  try {
    await fill(temp);
    swapIntoPlace(temp, target);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Run tasks over a pool of worker threads; the first failure stops the sweep. */
async function runPool(tasks: PointTask[], threads: number, json: boolean): Promise<void> {
  const bar = progress("sweep", tasks.length, { json });
  const queue = [...tasks];
  // `--import tsx` in a worker's execArgv does not reach its entry module on Node 20: register tsx first.
  const worker = new URL("./sweep-worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`;
  const one = () =>
    new Promise<void>((done, fail) => {
      const thread = new Worker(bootstrap, { eval: true });
      const next = () => {
        const task = queue.shift();
        if (task === undefined) void thread.terminate().then(() => done());
        else thread.postMessage(task);
      };
      thread.on("message", (reply: PointReply) => {
        if (!reply.ok) {
          queue.length = 0;
          void thread.terminate();
          fail(
            reply.badInput
              ? new InputError(`sweep point ${reply.id}`, "", reply.message)
              : new Error(reply.message),
          );
          return;
        }
        bar.tick();
        next();
      });
      thread.on("error", fail);
      next();
    });
  try {
    await Promise.all(Array.from({ length: Math.min(threads, tasks.length) }, one));
  } finally {
    bar.stop();
  }
}

function pointSummary(dir: string, id: string): Summary {
  return JSON.parse(readFileSync(join(dir, "points", id, "summary.json"), "utf8")) as Summary;
}

function pointResults(dir: string, points: SweepPoint[]): PointResult[] {
  return points.map((point) => ({ point, summary: pointSummary(dir, point.id) }));
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
  options: { out?: string; shard?: string; jobs?: string; json?: boolean },
) {
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const threads = options.jobs === undefined ? availableParallelism() : Number(options.jobs);
  if (!(Number.isInteger(threads) && threads >= 1))
    throw new InputError("--jobs", "", "a whole number >= 1", options.jobs);
  const gridText = readText(gridFile, "sweep file");
  const grid = parseSweep(gridText, gridFile);
  const baseFile = resolve(dirname(gridFile), grid.base);
  const baseText = readText(baseFile, "base scenario");
  const name = grid.name ?? basename(gridFile, extname(gridFile));
  const all = expandGrid(grid);
  const points = shard === undefined ? all : shardPoints(all, shard);
  const out = options.out ?? join("results", shard ? `${name}-shard-${shard.index}-of-${shard.count}` : name);
  const tasks = (temp: string) =>
    points.map((p) => ({
      id: p.id,
      text: pointScenario(baseText, baseFile, p),
      file: baseFile,
      dir: join(temp, "points", p.id),
    }));
  let results: PointResult[] = [];
  await intoFolder(out, async (temp) => {
    await runPool(tasks(temp), threads, options.json === true);
    results = pointResults(temp, points);
    if (shard === undefined) await writeIndex(temp, name, results);
    else {
      const manifest: ShardManifest = {
        name,
        grid: createHash("sha256").update(gridText).update("\0").update(baseText).digest("hex"),
        total: all.length,
        shard: `${shard.index}/${shard.count}`,
        points,
      };
      writeFileSync(join(temp, SHARD_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    }
  });
  const report = { name, out, points: points.length, of: all.length, rows: pointRows(results) };
  process.stdout.write(
    options.json
      ? `${JSON.stringify(report)}\n`
      : `${pointsTable(results)}${points.length} of ${all.length} points in ${out}\n`,
  );
}

async function merge(shards: string[], options: { out: string; json?: boolean }) {
  const manifests = shards.map((dir) => {
    const file = join(dir, SHARD_FILE);
    return JSON.parse(readText(file, "sweep shard manifest")) as ShardManifest;
  });
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
  let results: PointResult[] = [];
  await intoFolder(options.out, async (temp) => {
    manifests.forEach((m, i) => {
      for (const p of m.points)
        cpSync(join(shards[i], "points", p.id), join(temp, "points", p.id), { recursive: true });
    });
    results = pointResults(temp, points);
    await writeIndex(temp, first.name, results);
  });
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
    .enablePositionalOptions()
    .action(sweep);
  command
    .command("merge")
    .description("join sweep shards into one sweep folder, identical to an unsharded run")
    .argument("<shards...>", "shard output folders")
    .requiredOption("--out <dir>", "output folder")
    .option("--json", "print a JSON line")
    .action(merge);
};
