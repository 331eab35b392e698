/** The validation chart: predicted against measured throughput, one point per job, with the y = x line. */
import type { TopLevelSpec } from "vega-lite";
import type { JobComparison } from "./tables.ts";

/**
 * `data` is `{ url: "jobs.arrow" }` for the spec saved beside the table, or the rows themselves to render it.
 * The y = x line spans 0 to the largest throughput, so a perfect prediction lies on it.
 */
export function predictedVsMeasuredChart(
  jobs: readonly JobComparison[],
  data: { url: string } | { values: JobComparison[] },
): TopLevelSpec {
  const top = Math.max(0, ...jobs.flatMap((j) => [j.measured_img_s ?? 0, j.predicted_img_s ?? 0]));
  const axis = (title: string, field: string) => ({
    field,
    type: "quantitative" as const,
    title,
    scale: { domain: [0, top] },
  });
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: "Per-job throughput: predicted vs measured",
    width: 360,
    height: 360,
    layer: [
      {
        data: { values: [{ v: 0 }, { v: top }] },
        mark: { type: "line", color: "#888", strokeDash: [4, 4] },
        encoding: { x: axis("measured (images/s)", "v"), y: axis("predicted (images/s)", "v") },
      },
      {
        data,
        transform: [{ filter: "datum.error_pct != null" }],
        mark: { type: "point", filled: true, size: 60 },
        encoding: {
          x: axis("measured (images/s)", "measured_img_s"),
          y: axis("predicted (images/s)", "predicted_img_s"),
          color: { field: "mode", type: "nominal", title: "mode" },
          shape: { field: "validation", type: "nominal", title: "validation run" },
          tooltip: [
            { field: "run_id", type: "nominal" },
            { field: "workload", type: "nominal" },
            { field: "co_runners", type: "nominal" },
            { field: "error_pct", type: "quantitative", format: ".1f", title: "error %" },
          ],
        },
      },
    ],
  } as TopLevelSpec;
}
