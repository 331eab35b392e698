import test from "ava";
import { compile } from "vega-lite";
import { predictedVsMeasuredChart } from "../../../calibration/validate/chart.ts";
import type { JobComparison } from "../../../calibration/validate/tables.ts";

const job = (measured: number | null, predicted: number, error: number | null): JobComparison => ({
  run_id: "r",
  mode: "naive",
  co_runners: "a x2",
  validation: true,
  fitted: false,
  proc: 0,
  workload: "a",
  measured_img_s: measured,
  predicted_img_s: predicted,
  error_pct: error,
  measured_oom: measured === null,
  predicted_oom: false,
});

test("the chart compiles, draws the y = x line up to the largest throughput, and plots compared jobs", (t) => {
  const jobs = [job(400, 500, 25), job(1200, 1100, -8.3), job(null, 90, null)];
  const spec = predictedVsMeasuredChart(jobs, { values: jobs }) as {
    layer: { data: { values: unknown[] } }[];
  };
  t.notThrows(() => compile(spec as never));
  t.deepEqual(spec.layer[0].data.values, [{ v: 0 }, { v: 1200 }]);
  t.is(spec.layer[1].data.values.length, 3); // the OOM job is filtered out by the layer's transform
});

test("the saved spec reads its points from jobs.arrow", (t) => {
  const spec = predictedVsMeasuredChart([], { url: "jobs.arrow" }) as { layer: { data: unknown }[] };
  t.deepEqual(spec.layer[1].data, { url: "jobs.arrow" });
});
