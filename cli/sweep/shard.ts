/**
 * Sweep shards as `sweep merge` reads them: shard.json validated field by field (every point id must be the id
 * its index has in the grid, so no id can name a path), point folders of regular files only, each Arrow table
 * whole, and point summaries checked before they are indexed. A shard is input like any other: it may be corrupt
 * or hostile. Every message names the shard's own file, never the merge's temporary copy of it.
 */
import { copyFileSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { extname, join } from "node:path";
import { z } from "zod";
import { readInputText } from "../../calibration/ingest/read-file.ts";
import { readTable } from "../../calibration/ingest/read.ts";
import { InputError } from "../../sim/input-error.ts";
import type { Summary } from "../../sim/cluster/metrics.ts";
import { LIMITS } from "../../sim/cluster/scenario/limits.ts";
import { ScenarioName } from "../../sim/cluster/scenario/schema.ts";
import { issueToInputError } from "../../sim/cluster/scenario/zod-issue.ts";
import { pointId, type SweepPoint } from "../../sim/cluster/sweep/grid.ts";
import { parseJson } from "../../calibration/ingest/json-error.ts";

export const SHARD_FILE = "shard.json";

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const Point = z.strictObject({
  id: z.string().regex(/^p\d{4,}$/, { error: "a point id (p0000, p0001, ...)" }),
  index: z.int().nonnegative(),
  values: z.record(z.string(), z.union([scalar, z.record(z.string(), scalar)])),
  sets: z.array(z.tuple([z.string(), scalar])),
});

export const ShardManifest = z.strictObject({
  name: ScenarioName,
  /** Hash of the sweep file and its base scenario: shards of different grids never merge. */
  grid: z.string().regex(/^[0-9a-f]{64}$/),
  total: z.int().positive().max(LIMITS.points.max),
  shard: z.string().regex(/^\d+\/\d+$/),
  points: z.array(Point),
});
export type ShardManifest = z.infer<typeof ShardManifest>;

/**
 * A file of a shard or point as JSON, or an InputError naming it and the line where it stops being JSON (never
 * quoting it, nor the parser's code for the problem, which tells the user nothing).
 */
export function readJsonFile(file: string, what: string): unknown {
  return parseJson(
    readInputText(file, what, "manifest_mb"),
    file,
    `${what} as one whole JSON object (it is not JSON from this line on: cut short, or a value such as NaN)`,
    false,
  );
}

export function readShard(dir: string): ShardManifest {
  const file = join(dir, SHARD_FILE);
  const parsed = ShardManifest.safeParse(readJsonFile(file, "a sweep shard manifest"), { reportInput: true });
  if (!parsed.success) throw issueToInputError(file, parsed.error.issues[0]);
  const manifest = parsed.data;
  manifest.points.forEach((p, k) => {
    if (p.index >= manifest.total || p.id !== pointId(p.index, manifest.total))
      throw new InputError(
        file,
        `points[${k}].id`,
        `the id of point ${p.index} of a grid of ${manifest.total} (${pointId(p.index, manifest.total)})`,
        p.id,
      );
  });
  return manifest;
}

/**
 * Copy a point's folder, file by file: a symbolic link or a folder inside it is refused, not followed, and an Arrow
 * table that does not read as a whole file (empty, cut short) is refused rather than merged as if whole.
 */
export function copyPoint(from: string, to: string): void {
  if (!lstatSync(from, { throwIfNoEntry: false })?.isDirectory())
    throw new InputError(
      from,
      "",
      "a point folder of the shard (a folder, as `colloc sweep --shard` writes it)",
    );
  mkdirSync(to);
  for (const name of readdirSync(from)) {
    if (!lstatSync(join(from, name)).isFile())
      throw new InputError(join(from, name), "", "a regular file (a point folder holds only files)");
    if (extname(name) === ".arrow") readTable(join(from, name));
    copyFileSync(join(from, name), join(to, name));
  }
}

const metric = z.number().nullable();
const stats = z.looseObject({ mean: metric, p50: metric, p95: metric, p99: metric });
/** The summary fields a sweep index reads (sim/cluster/sweep/summary-table.ts). */
const PointSummary = z.looseObject({
  jobs: z.looseObject({ finished: z.number(), failed: z.number() }),
  makespan_s: metric,
  throughput: z.looseObject({ jobs_per_hour: metric, epochs_per_hour: metric }),
  completion_s: stats,
  wait_s: z.looseObject({ mean: metric }),
  slowdown: z.looseObject({ mean: metric }),
  oom: z.looseObject({ events: z.number() }),
  energy_kwh: metric,
  utilization: metric,
  sm_activity: metric,
  idle_gpu_fraction: metric,
  stranded_mig_slices: z.looseObject({ mean: metric }),
});

export function readPointSummary(dir: string, point: SweepPoint): Summary {
  const file = join(dir, "points", point.id, "summary.json");
  const summary = readJsonFile(file, "a point summary");
  const parsed = PointSummary.safeParse(summary, { reportInput: true });
  if (!parsed.success) throw issueToInputError(file, parsed.error.issues[0]);
  return summary as Summary; // as written (zod's copy would reorder the keys, and the index bytes with them)
}
