import test from "ava";
import { sweepChart } from "../../../sim/cluster/sweep/chart.ts";
import type { PointRow } from "../../../sim/cluster/sweep/summary-table.ts";

interface Spec {
  description: string;
  data: { values: { metric: string; x: unknown; series: string; value: number }[] };
  spec: { layer: { mark: unknown; encoding: { x: { type: string } } }[] };
}

const row = (point: string, policy: string, rate: number, seed: number, jph: number): PointRow => ({
  point,
  policy,
  rate,
  seed,
  jobs_per_hour: jph,
  completion_mean_s: 3600 * jph,
  oom_events: 0,
});

const rows = [
  row("p0", "mps", 10, 1, 5),
  row("p1", "mps", 10, 2, 7),
  row("p2", "mps", 20, 1, 9),
  row("p3", "mps", 20, 2, 11),
  row("p4", "naive", 10, 1, 4),
  row("p5", "naive", 10, 2, 4),
  row("p6", "naive", 20, 1, 6),
  row("p7", "naive", 20, 2, 8),
];

test("a numeric axis is x, the others are series, seeds are replicates drawn as dots beside their mean", (t) => {
  const spec = sweepChart("grid", ["policy", "rate", "seed"], rows) as unknown as Spec;
  const throughput = spec.data.values.filter((v) => v.metric === "throughput (jobs/h)");
  t.deepEqual(
    throughput.map((v) => [v.x, v.series, v.value]),
    rows.map((r) => [r.rate, r.policy, r.jobs_per_hour]),
  );
  t.deepEqual(
    spec.spec.layer.map((l) => l.encoding.x.type),
    ["quantitative", "quantitative"],
  );
  t.regex(spec.description, /^mean over seeds/);
  // Seconds in the unit their largest value reads best in: 11 h here.
  const completion = spec.data.values.filter((v) => v.metric.startsWith("mean completion time"));
  t.is(completion[0].metric, "mean completion time (h)");
  t.is(completion[0].value, 5);
});

test("a metric that is 0 at every point gets no panel but a word in the description", (t) => {
  const spec = sweepChart("grid", ["policy", "rate", "seed"], rows) as unknown as Spec;
  t.false(spec.data.values.some((v) => v.metric === "out-of-memory events"));
  t.regex(spec.description, /0 at every point: out-of-memory events$/);
});

test("with only categories swept, the chart is bars, one value per point", (t) => {
  const one = rows.filter((r) => r.rate === 10 && r.seed === 1);
  const spec = sweepChart("grid", ["policy", "rate", "seed"], one) as unknown as Spec;
  t.deepEqual(
    spec.spec.layer.map((l) => [l.mark, l.encoding.x.type]),
    [["bar", "nominal"]],
  );
  t.regex(spec.description, /^one value per point \(2 points\)/);
});
