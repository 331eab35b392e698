/**
 * A sweep's index: sweep.json (every point's axis values and full run summary) and summary.arrow (one row per
 * point: its id, one column per axis, the headline metrics). Built from point summaries alone, so a sweep run
 * whole and one merged from shards give the same bytes. The same rows are what `colloc sweep --json` prints.
 */
import { Table, Utf8, makeVector, tableToIPC, vectorFromArray, type Vector } from "apache-arrow";
import type { Summary } from "../metrics.ts";
import { withUnits } from "../units.ts";
import type { SweepPoint } from "./grid.ts";

export interface PointResult {
  point: SweepPoint;
  summary: Summary;
}

/** One point: `point` (its id), each axis's value (a number, or text), each headline metric (null: none). */
export type PointRow = Record<string, string | number | null>;

interface Metric {
  column: string;
  get: (s: Summary) => number | null;
  /** Counts: an int32 column. */
  integer?: true;
}

/** The headline metrics, in column order. */
export const METRICS: Metric[] = [
  { column: "jobs_finished", get: (s) => s.jobs.finished, integer: true },
  { column: "jobs_failed", get: (s) => s.jobs.failed, integer: true },
  { column: "makespan_s", get: (s) => s.makespan_s },
  { column: "jobs_per_hour", get: (s) => s.throughput.jobs_per_hour },
  { column: "epochs_per_hour", get: (s) => s.throughput.epochs_per_hour },
  { column: "completion_mean_s", get: (s) => s.completion_s.mean },
  { column: "completion_p50_s", get: (s) => s.completion_s.p50 },
  { column: "completion_p95_s", get: (s) => s.completion_s.p95 },
  { column: "completion_p99_s", get: (s) => s.completion_s.p99 },
  { column: "wait_mean_s", get: (s) => s.wait_s.mean },
  { column: "slowdown_mean", get: (s) => s.slowdown.mean },
  { column: "oom_events", get: (s) => s.oom.events, integer: true },
  { column: "energy_kwh", get: (s) => s.energy_kwh },
  { column: "utilization", get: (s) => s.utilization },
  { column: "sm_activity", get: (s) => s.sm_activity },
  { column: "idle_gpu_fraction", get: (s) => s.idle_gpu_fraction },
  { column: "stranded_mig_slices", get: (s) => s.stranded_mig_slices.mean },
  { column: "unscheduled_pods", get: (s) => s.unscheduled_pods, integer: true },
  { column: "gpu_alloc_pct", get: (s) => s.gpu_alloc_pct },
  { column: "gpu_milli_alloc_pct", get: (s) => s.gpu_milli_alloc_pct },
  { column: "frag_gpu_milli_pct", get: (s) => s.frag_gpu_milli_pct },
];

/** An axis value as one cell: numbers as they are; an axis setting several fields, their values joined. */
export function axisCell(value: SweepPoint["values"][string]): string | number {
  if (typeof value === "number") return value;
  if (typeof value === "object") return Object.values(value).map(String).join(", ");
  return String(value);
}

/** The axes of the points, in grid order. */
export function axesOf(results: PointResult[]): string[] {
  return results.length > 0 ? Object.keys(results[0].point.values) : [];
}

/** One row per point, in grid order. */
export function pointRows(results: PointResult[]): PointRow[] {
  const sorted = [...results].sort((a, b) => a.point.index - b.point.index);
  const axes = axesOf(sorted);
  return sorted.map(({ point, summary }) => ({
    point: point.id,
    ...Object.fromEntries(axes.map((axis) => [axis, axisCell(point.values[axis])])),
    ...Object.fromEntries(METRICS.map((m) => [m.column, m.get(summary)])),
  }));
}

type Kind = "count" | "number" | "axis";

/**
 * A column of the rows: int32 for counts, float64 for the other metrics; an axis is text if any of its values
 * is, int32 if all are whole numbers (seeds), else float64. Metric columns keep one type whatever the values.
 */
function column(rows: PointRow[], name: string, kind: Kind): Vector {
  const cells = rows.map((r) => r[name]);
  if (kind === "axis" && cells.some((c) => typeof c !== "number"))
    return vectorFromArray(
      cells.map((c) => (c === null ? null : String(c))),
      new Utf8(),
    );
  const numbers = cells as (number | null)[];
  const whole = numbers.every((c) => c !== null && Number.isInteger(c) && Math.abs(c) < 2 ** 31);
  if (kind === "count" || (kind === "axis" && whole))
    return makeVector(Int32Array.from(numbers, (c) => c ?? 0));
  return makeVector(Float64Array.from(numbers, (c) => c ?? NaN));
}

export function sweepIndex(name: string, results: PointResult[]): { json: string; arrow: Uint8Array } {
  const sorted = [...results].sort((a, b) => a.point.index - b.point.index);
  const rows = pointRows(sorted);
  const columns: Record<string, Vector> = {
    point: vectorFromArray(
      rows.map((r) => r.point as string),
      new Utf8(),
    ),
  };
  for (const axis of axesOf(sorted)) columns[axis] = column(rows, axis, "axis");
  for (const m of METRICS) columns[m.column] = column(rows, m.column, m.integer ? "count" : "number");
  const json = {
    name,
    points: sorted.map((r) => ({ id: r.point.id, values: r.point.values, summary: r.summary })),
  };
  return {
    json: `${JSON.stringify(json, null, 2)}\n`,
    arrow: tableToIPC(withUnits(new Table(columns)), "file"),
  };
}
