/**
 * The chart that compares a sweep's points: one panel per headline metric against the swept parameters. The
 * x axis is the first axis with several values, numeric ones first (a line), else categories (bars); the other
 * axes with several values are the series (colours). A `seed` axis is a replicate: each series shows the mean
 * over seeds, and every seed's value as a dot. Pure: built from the point rows alone, so merged shards give the
 * same chart as a whole sweep.
 */
import type { TopLevelSpec } from "vega-lite";
import { timeUnitFor } from "../time-unit.ts";
import type { PointRow } from "./summary-table.ts";

const SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json";
const REPLICATE_AXES = new Set(["seed"]);

/** Panels, in order: column of the point rows, title, and whether it holds seconds (drawn in s, min, h or d). */
const PANELS: { column: string; title: string; seconds?: true }[] = [
  { column: "jobs_per_hour", title: "throughput (jobs/h)" },
  { column: "completion_mean_s", title: "mean completion time", seconds: true },
  { column: "completion_p95_s", title: "p95 completion time", seconds: true },
  { column: "wait_mean_s", title: "mean wait", seconds: true },
  { column: "slowdown_mean", title: "mean slowdown (×)" },
  { column: "utilization", title: "GPU utilization (0-1)" },
  { column: "energy_kwh", title: "energy (kWh)" },
  { column: "oom_events", title: "out-of-memory events" },
];

export function sweepChart(name: string, axes: string[], rows: PointRow[]): TopLevelSpec {
  const distinct = (axis: string) => new Set(rows.map((r) => r[axis])).size;
  const varying = axes.filter((a) => distinct(a) > 1);
  const numeric = (axis: string) => rows.every((r) => typeof r[axis] === "number");
  const candidates = varying.filter((a) => !REPLICATE_AXES.has(a));
  const x = candidates.find(numeric) ?? candidates[0] ?? varying[0] ?? "point";
  const series = candidates.filter((a) => a !== x);
  const replicated = varying.some((a) => REPLICATE_AXES.has(a) && a !== x);
  const quantitative = x !== "point" && numeric(x);

  const finiteOf = (column: string) =>
    rows.map((r) => r[column]).filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  // A metric that is 0 at every point (no out-of-memory events) says so in the description, not in a panel.
  const zero = PANELS.filter(
    (p) => finiteOf(p.column).length > 0 && finiteOf(p.column).every((v) => v === 0),
  );
  const drawn = PANELS.filter((p) => finiteOf(p.column).length > 0 && !zero.includes(p));
  const values = drawn.flatMap((panel, order) => {
    const finite = finiteOf(panel.column);
    const unit = panel.seconds ? timeUnitFor(Math.max(0, ...finite)) : undefined;
    const metric = unit ? `${panel.title} (${unit.name})` : panel.title;
    return rows.flatMap((r) => {
      const value = r[panel.column];
      if (typeof value !== "number" || !Number.isFinite(value)) return [];
      return [
        {
          metric,
          order,
          x: r[x],
          series:
            series.length === 1 ? String(r[series[0]]) : series.map((a) => `${a} ${r[a]}`).join("; ") || name,
          value: unit ? value / unit.seconds : value,
        },
      ];
    });
  });

  const xField = { field: "x", type: quantitative ? "quantitative" : "nominal", title: x } as const;
  const color = {
    field: "series",
    type: "nominal",
    title: series.join(", ") || null,
    legend: { labelLimit: 320 },
  } as const;
  const mean = { field: "value", type: "quantitative", aggregate: "mean", title: null } as const;
  const offset = quantitative ? {} : { xOffset: { field: "series", type: "nominal" } as const };
  const summaryLayer = quantitative
    ? { mark: { type: "line", point: true }, encoding: { x: xField, y: mean, color } }
    : { mark: "bar", encoding: { x: xField, y: mean, color, ...offset } };
  const layers = [
    summaryLayer,
    ...(replicated
      ? [
          {
            mark: { type: "point", filled: true, size: 18, color: "#333" },
            encoding: { x: xField, y: { field: "value", type: "quantitative" }, ...offset },
          },
        ]
      : []),
  ];
  return {
    $schema: SCHEMA,
    title: `Sweep ${name}: each metric against ${[x, ...series].join(" and ")}`,
    description:
      (replicated
        ? "mean over seeds (line or bar), each seed a dot"
        : `one value per point (${rows.length} points)`) +
      (zero.length > 0 ? `; 0 at every point: ${zero.map((p) => p.title).join(", ")}` : ""),
    data: { values },
    facet: { field: "metric", type: "nominal", title: null, sort: { field: "order", op: "min" } },
    columns: 4,
    spec: { width: 200, height: 140, layer: layers },
    resolve: { scale: { y: "independent" } },
  } as TopLevelSpec;
}
