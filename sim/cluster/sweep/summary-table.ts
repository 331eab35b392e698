/**
 * A sweep's index: sweep.json (every point's axis values and full run summary) and summary.arrow (one row per
 * point: its id, one text column per axis, the headline metrics). Built from point summaries alone, so a sweep
 * run whole and one merged from shards give the same bytes.
 */
import { Table, Utf8, makeVector, tableToIPC, vectorFromArray } from "apache-arrow";
import type { Summary } from "../metrics.ts";
import type { SweepPoint } from "./grid.ts";

export interface PointResult {
  point: SweepPoint;
  summary: Summary;
}

const METRICS: [string, (s: Summary) => number | null][] = [
  ["jobs_finished", (s) => s.jobs.finished],
  ["jobs_failed", (s) => s.jobs.failed],
  ["makespan_s", (s) => s.makespan_s],
  ["jobs_per_hour", (s) => s.throughput.jobs_per_hour],
  ["epochs_per_hour", (s) => s.throughput.epochs_per_hour],
  ["completion_mean_s", (s) => s.completion_s.mean],
  ["completion_p50_s", (s) => s.completion_s.p50],
  ["completion_p95_s", (s) => s.completion_s.p95],
  ["completion_p99_s", (s) => s.completion_s.p99],
  ["wait_mean_s", (s) => s.wait_s.mean],
  ["slowdown_mean", (s) => s.slowdown.mean],
  ["oom_events", (s) => s.oom.events],
  ["energy_kwh", (s) => s.energy_kwh],
  ["utilization", (s) => s.utilization],
  ["sm_activity", (s) => s.sm_activity],
  ["idle_gpu_fraction", (s) => s.idle_gpu_fraction],
  ["stranded_mig_slices", (s) => s.stranded_mig_slices.mean],
  ["unscheduled_pods", (s) => s.unscheduled_pods],
  ["gpu_alloc_pct", (s) => s.gpu_alloc_pct],
  ["gpu_milli_alloc_pct", (s) => s.gpu_milli_alloc_pct],
  ["frag_gpu_milli_pct", (s) => s.frag_gpu_milli_pct],
];

export function sweepIndex(name: string, results: PointResult[]): { json: string; arrow: Uint8Array } {
  const sorted = [...results].sort((a, b) => a.point.index - b.point.index);
  const axes = sorted.length > 0 ? Object.keys(sorted[0].point.values) : [];
  const columns: Record<string, ReturnType<typeof makeVector> | ReturnType<typeof vectorFromArray>> = {
    point: vectorFromArray(
      sorted.map((r) => r.point.id),
      new Utf8(),
    ),
  };
  for (const axis of axes) {
    const text = sorted.map((r) => {
      const v = r.point.values[axis];
      return typeof v === "object" ? JSON.stringify(v) : String(v);
    });
    columns[axis] = vectorFromArray(text, new Utf8());
  }
  for (const [column, get] of METRICS) {
    columns[column] = makeVector(Float64Array.from(sorted, (r) => get(r.summary) ?? NaN));
  }
  const json = {
    name,
    points: sorted.map((r) => ({ id: r.point.id, values: r.point.values, summary: r.summary })),
  };
  return { json: `${JSON.stringify(json, null, 2)}\n`, arrow: tableToIPC(new Table(columns), "file") };
}
