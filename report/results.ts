/**
 * Read a results folder (`colloc run`, `colloc sweep`, `colloc validate` output) into what a report shows:
 * `summary.json`, every `*.vl.json` chart (its data made inline), every `*.arrow` table, and, for a sweep, the
 * summary and charts of each sub-folder that holds a point. Reads only; files are taken in name order so reports are stable.
 */
import { tableFromIPC, type Table } from "apache-arrow";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { InputError } from "../sim/input-error.ts";
import type { SweepPoint } from "../sim/cluster/sweep/grid.ts";
import { axisCell } from "../sim/cluster/sweep/summary-table.ts";
import { tableRows, type Row } from "./arrow-rows.ts";
import { inlineData } from "./inline-data.ts";
import type { TopLevelSpec } from "./svg.ts";

export type Summary = Record<string, unknown>;

export interface Chart {
  /** File name without `.vl.json`. */
  name: string;
  spec: TopLevelSpec;
}

export interface NamedTable {
  /** File name without `.arrow`. */
  name: string;
  table: Table;
}

export interface Results {
  /** Folder name, used as the report's title. */
  name: string;
  /** `summary.kind` when the writer set it, else `sweep` for a folder of points, else `results`. */
  kind: string;
  summary: Summary | undefined;
  charts: Chart[];
  tables: NamedTable[];
  /** Sub-folders with a summary.json (sweep points), by relative path. */
  points: Point[];
  /** From a sweep's sweep.json: how many points, and each axis's values. */
  sweep: SweepOverview | undefined;
}

export interface SweepOverview {
  points: number;
  axes: { name: string; values: string[] }[];
}

export interface Point {
  name: string;
  summary: Summary;
  charts: Chart[];
}

const SUMMARY = "summary.json";
const SWEEP_INDEX = "sweep.json";

export function readResults(dir: string): Results {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError(dir, "", "a results folder");
  const files = readdirSync(dir).sort();
  const summary = files.includes(SUMMARY) ? readJsonObject(join(dir, SUMMARY)) : undefined;
  const tables = files
    .filter((f) => f.endsWith(".arrow"))
    .map((f) => ({ name: f.slice(0, -".arrow".length), table: readArrow(join(dir, f)) }));
  const charts = readCharts(dir, files);
  const points = files
    .map((f) => join(dir, f))
    .filter((p) => statSync(p).isDirectory())
    .flatMap((p) => findSummaries(p, dir));
  if (!summary && charts.length === 0 && tables.length === 0 && points.length === 0) {
    throw new InputError(dir, "", `a results folder holding ${SUMMARY}, *.vl.json charts or *.arrow tables`);
  }
  const kind = typeof summary?.kind === "string" ? summary.kind : points.length > 0 ? "sweep" : "results";
  const sweep = files.includes(SWEEP_INDEX) ? sweepOverview(join(dir, SWEEP_INDEX)) : undefined;
  return { name: basename(dir), kind, summary, charts, tables, points, sweep };
}

/** The axes of a sweep index (`{ points: [{ values: { axis: value } }] }`), values in order of appearance. */
function sweepOverview(file: string): SweepOverview {
  const { points } = readJsonObject(file) as { points?: unknown };
  if (!Array.isArray(points)) throw new InputError(file, "points", "a list of sweep points");
  const axes = new Map<string, Set<string>>();
  for (const point of points as { values?: Record<string, unknown> }[]) {
    for (const [axis, value] of Object.entries(point.values ?? {})) {
      const text = String(axisCell(value as SweepPoint["values"][string]));
      axes.set(axis, (axes.get(axis) ?? new Set()).add(text));
    }
  }
  return { points: points.length, axes: [...axes].map(([name, values]) => ({ name, values: [...values] })) };
}

function readCharts(dir: string, files: string[]): Chart[] {
  return files
    .filter((f) => f.endsWith(".vl.json"))
    .map((f) => ({ name: f.slice(0, -".vl.json".length), spec: readChart(dir, f) }));
}

/** Every folder with a summary.json under `dir`, depth first in name order (points may sit in shard folders). */
function findSummaries(dir: string, root: string): Point[] {
  const entries = readdirSync(dir).sort();
  const own = entries.includes(SUMMARY)
    ? [
        {
          name: relative(root, dir),
          summary: readJsonObject(join(dir, SUMMARY)),
          charts: readCharts(dir, entries),
        },
      ]
    : [];
  const nested = entries
    .map((f) => join(dir, f))
    .filter((p) => statSync(p).isDirectory())
    .flatMap((p) => findSummaries(p, root));
  return [...own, ...nested];
}

function readJsonObject(file: string): Summary {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new InputError(file, "", "valid JSON", error instanceof Error ? error.message : String(error));
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new InputError(file, "", "a JSON object");
  }
  return value as Summary;
}

function readArrow(file: string): Table {
  try {
    return tableFromIPC(readFileSync(file));
  } catch (error) {
    throw new InputError(
      file,
      "",
      "an Arrow IPC file",
      error instanceof Error ? error.message : String(error),
    );
  }
}

/** A chart's `data.url` names a file in the same folder: an Arrow table or a JSON array of rows. */
function readChart(dir: string, fileName: string): TopLevelSpec {
  const file = join(dir, fileName);
  const spec = readJsonObject(file);
  return inlineData(spec, (url) => {
    const target = join(dir, url);
    if (!existsSync(target) || url.includes("/") || !(url.endsWith(".arrow") || url.endsWith(".json"))) {
      throw new InputError(file, "data.url", "the name of an .arrow or .json file in the same folder", url);
    }
    if (url.endsWith(".arrow")) return tableRows(readArrow(target));
    const rows: unknown = JSON.parse(readFileSync(target, "utf8"));
    if (!Array.isArray(rows)) throw new InputError(target, "", "a JSON array of rows");
    return rows as Row[];
  }) as unknown as TopLevelSpec;
}
