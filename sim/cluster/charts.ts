/**
 * Vega-lite specs of a run (pure; data inline and thinned to a few hundred points so a million-job run still
 * gives small charts): completion-time CDF, slowdown per workload, cluster power and activity over time, and for
 * node-aware policies the placement figures (sim/cluster/placement/charts.ts).
 */
import type { TopLevelSpec } from "vega-lite";
import { POINTS, SCHEMA } from "./chart-constants.ts";
import type { RunResult } from "./engine.ts";
import { percentile, type JobMetrics } from "./metrics.ts";
import { placementCharts } from "./placement/charts.ts";

function completionCdf(m: JobMetrics): TopLevelSpec {
  const sorted = Float64Array.from(m.completionS).filter(Number.isFinite).sort();
  const n = Math.min(POINTS, sorted.length);
  const values = Array.from({ length: n }, (_, i) => {
    const fraction = n === 1 ? 1 : i / (n - 1);
    return { completion_h: percentile(sorted, fraction) / 3600, fraction };
  });
  return {
    $schema: SCHEMA,
    title: "Job completion time (CDF)",
    data: { values },
    mark: { type: "line", interpolate: "step-after" },
    encoding: {
      x: { field: "completion_h", type: "quantitative", title: "completion time (h)" },
      y: { field: "fraction", type: "quantitative", title: "fraction of finished jobs" },
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
    data: { values },
    encoding: { y: { field: "workload", type: "nominal", title: null } },
    layer: [
      { mark: "bar", encoding: { x: { field: "p50", type: "quantitative", title: "slowdown" } } },
      { mark: "rule", encoding: { x: { field: "p50", type: "quantitative" }, x2: { field: "p95" } } },
    ],
  };
}

/** Cluster totals over time from the GPU timeline, sampled at evenly spaced rows. */
function clusterSeries(
  run: RunResult,
): { time_h: number; power_kw: number; utilization: number; sm_activity: number }[] {
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
  const series = [];
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
        time_h: time[r] / 3600,
        power_kw: sumPower / 1000,
        utilization: sumUtil / gpus,
        sm_activity: sumSm / gpus,
      });
    }
  }
  return series;
}

function overTime(title: string, values: object[], fields: { field: string; title: string }[]): TopLevelSpec {
  return {
    $schema: SCHEMA,
    title,
    data: { values },
    transform: [{ fold: fields.map((f) => f.field), as: ["series", "value"] }],
    mark: { type: "line", interpolate: "step-after" },
    encoding: {
      x: { field: "time_h", type: "quantitative", title: "time (h)" },
      y: { field: "value", type: "quantitative", title: fields.map((f) => f.title).join(", ") },
      color: { field: "series", type: "nominal", title: null },
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
    const series = clusterSeries(run);
    charts.set("cluster-power", overTime("Cluster power", series, [{ field: "power_kw", title: "kW" }]));
    charts.set(
      "cluster-activity",
      overTime("Mean GPU utilization and SM activity", series, [
        { field: "utilization", title: "utilization" },
        { field: "sm_activity", title: "SM activity" },
      ]),
    );
  }
  return charts;
}
