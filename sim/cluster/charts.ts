/**
 * Vega-lite specs of a run (pure; data inline and thinned to a few hundred points so a million-job run still
 * gives small charts): completion-time CDF, slowdown per workload, cluster power and activity over time, and for
 * node-aware policies the placement figures (sim/cluster/placement/charts.ts). Times are drawn in the unit their
 * span reads best in (s, min, h or d); fractions on a fixed 0-1 axis.
 */
import type { TopLevelSpec } from "vega-lite";
import { POINTS, SCHEMA } from "./chart-constants.ts";
import type { RunResult } from "./engine.ts";
import { percentile, type JobMetrics } from "./metrics.ts";
import { placementCharts } from "./placement/charts.ts";
import { timeUnitFor } from "./time-unit.ts";

/** Plot-area size of every run chart, px (axes, title and legend come on top). */
const SIZE = { width: 560, height: 260 };
const FRACTION_SCALE = { domain: [0, 1] };
/** Height of one workload's bar in the slowdown chart, px. */
const BAR_PX = 24;

/** A fraction computed as a difference of sums can come out a hair outside [0, 1]. */
const clampFraction = (x: number) => Math.min(1, Math.max(0, x));

/**
 * Points of the empirical CDF of the finite values, for a step line: the k-th smallest of n at height k / n,
 * from a first point at height 0. Above `points` values only every (n / points)-th rank is drawn, the last one
 * always, so the steps stay exact at the ranks drawn.
 */
export function cdfPoints(values: ArrayLike<number>, points = POINTS): { value: number; fraction: number }[] {
  const sorted = Float64Array.from(values).filter(Number.isFinite).sort();
  const n = sorted.length;
  if (n === 0) return [];
  const drawn = Math.min(points, n);
  const ranks = Array.from({ length: drawn }, (_, i) => Math.ceil(((i + 1) * n) / drawn));
  return [
    { value: sorted[0], fraction: 0 },
    ...ranks.map((k) => ({ value: sorted[k - 1], fraction: k / n })),
  ];
}

function completionCdf(m: JobMetrics): TopLevelSpec {
  const cdf = cdfPoints(m.completionS);
  const n = m.completionS.filter(Number.isFinite).length;
  const unit = timeUnitFor(cdf.at(-1)?.value ?? 0);
  const values = cdf.map((p) => ({ completion: p.value / unit.seconds, fraction: p.fraction }));
  return {
    $schema: SCHEMA,
    title: "Job completion time (CDF)",
    description: `the k-th of ${n} finished jobs at height k/${n}`,
    ...SIZE,
    data: { values },
    mark: { type: "line", interpolate: "step-after" },
    encoding: {
      x: { field: "completion", type: "quantitative", title: `completion time (${unit.name})` },
      y: {
        field: "fraction",
        type: "quantitative",
        title: "fraction of finished jobs",
        scale: FRACTION_SCALE,
      },
    },
  };
}

function slowdownByWorkload(run: RunResult, m: JobMetrics): TopLevelSpec {
  const byWorkload = run.workloadIds.map(() => [] as number[]);
  run.jobs.workload.forEach((w, j) => {
    if (w >= 0 && Number.isFinite(m.slowdown[j])) byWorkload[w].push(m.slowdown[j]);
  });
  const values = run.workloadIds.flatMap((workload, w) => {
    const s = Float64Array.from(byWorkload[w]).sort();
    if (s.length === 0) return [];
    return [{ workload, p50: percentile(s, 0.5), p95: percentile(s, 0.95), jobs: s.length }];
  });
  return {
    $schema: SCHEMA,
    title: "Slowdown against running alone (median, rule to p95)",
    width: SIZE.width,
    // A height in px, not a step per workload, so the chart can be drawn to a page's width.
    height: BAR_PX * Math.max(1, values.length),
    data: { values },
    encoding: { y: { field: "workload", type: "nominal", title: null } },
    layer: [
      { mark: "bar", encoding: { x: { field: "p50", type: "quantitative", title: "slowdown (×)" } } },
      { mark: "rule", encoding: { x: { field: "p50", type: "quantitative" }, x2: { field: "p95" } } },
    ],
  };
}

interface SeriesPoint {
  time: number;
  power_kw: number;
  utilization: number;
  sm_activity: number;
}

/** Cluster totals over time from the GPU timeline, sampled at evenly spaced rows; time in `unitS` seconds. */
function clusterSeries(run: RunResult, unitS: number): SeriesPoint[] {
  const t = run.ledger.timeline;
  const gpus = run.ledger.count;
  const time = t.time.values();
  const gpu = t.gpu.values();
  const power = new Float64Array(gpus);
  const util = new Float64Array(gpus);
  const sm = new Float64Array(gpus);
  let sumPower = 0;
  let sumUtil = 0;
  let sumSm = 0;
  const every = Math.max(1, Math.ceil(time.length / POINTS));
  const series: SeriesPoint[] = [];
  for (let r = 0; r < time.length; r++) {
    const g = gpu[r];
    sumPower += t.powerW.values()[r] - power[g];
    sumUtil += t.utilization.values()[r] - util[g];
    sumSm += t.smActivity.values()[r] - sm[g];
    power[g] = t.powerW.values()[r];
    util[g] = t.utilization.values()[r];
    sm[g] = t.smActivity.values()[r];
    if (r % every === every - 1 || r === time.length - 1) {
      series.push({
        time: time[r] / unitS,
        power_kw: sumPower / 1000,
        utilization: clampFraction(sumUtil / gpus),
        sm_activity: clampFraction(sumSm / gpus),
      });
    }
  }
  return series;
}

/** One line per field (long rows: time, series, value); a legend only when there are several. */
function overTime(
  title: string,
  series: SeriesPoint[],
  unit: string,
  fields: { field: Exclude<keyof SeriesPoint, "time">; title: string }[],
  y: { title: string; scale?: typeof FRACTION_SCALE },
): TopLevelSpec {
  const values = series.flatMap((p) =>
    fields.map((f) => ({ time: p.time, series: f.title, value: p[f.field] })),
  );
  return {
    $schema: SCHEMA,
    title,
    ...SIZE,
    data: { values },
    mark: { type: "line", interpolate: "step-after" },
    encoding: {
      x: { field: "time", type: "quantitative", title: `time (${unit})` },
      y: { field: "value", type: "quantitative", ...y },
      ...(fields.length > 1 ? { color: { field: "series", type: "nominal", title: null } } : {}),
    },
  };
}

/** Chart name -> spec. The timeline charts need the GPU timeline output. */
export function runCharts(run: RunResult, m: JobMetrics): Map<string, TopLevelSpec> {
  const charts = new Map<string, TopLevelSpec>();
  if (run.input.output.timeline && run.placement)
    for (const [name, spec] of placementCharts(run.placement, run.input.replay)) charts.set(name, spec);
  // A placement-only run trains nothing: no completion, slowdown or power to draw.
  if (run.workloadIds.length === 0) return charts;
  charts.set("completion-cdf", completionCdf(m));
  charts.set("slowdown-by-workload", slowdownByWorkload(run, m));
  if (run.input.output.timeline) {
    const time = run.ledger.timeline.time.values();
    const unit = timeUnitFor(time.length > 0 ? time[time.length - 1] : 0);
    const series = clusterSeries(run, unit.seconds);
    charts.set(
      "cluster-power",
      overTime("Cluster power", series, unit.name, [{ field: "power_kw", title: "power" }], {
        title: "power (kW)",
      }),
    );
    charts.set(
      "cluster-activity",
      overTime(
        "Mean GPU utilization and SM activity",
        series,
        unit.name,
        [
          { field: "utilization", title: "utilization" },
          { field: "sm_activity", title: "SM activity" },
        ],
        { title: "fraction of the GPUs", scale: FRACTION_SCALE },
      ),
    );
  }
  return charts;
}
