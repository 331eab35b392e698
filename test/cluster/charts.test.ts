import test from "ava";
import { runCharts } from "../../sim/cluster/charts.ts";
import { simulate } from "../../sim/cluster/engine.ts";
import { jobMetrics } from "../../sim/cluster/metrics.ts";
import type { ShareFn } from "../../sim/cluster/share-memo.ts";
import { gpus, input, job, packedPairInput, tinyShare } from "./fixtures.ts";

interface Spec {
  data: { values: Record<string, number | string>[] };
  encoding: { x: { title: string }; y: { title: string; scale?: { domain: number[] } } };
}

const chartsOf = (scenario = packedPairInput()) => {
  const run = simulate(scenario, { share: tinyShare });
  return runCharts(run, jobMetrics(run)) as unknown as Map<string, Spec>;
};

test("the completion CDF puts the k-th of n finished jobs at k / n, from 0 at the first finish", (t) => {
  // packedPairInput, worked out in metrics.test.ts: c finishes 20 s after arriving, b after 100 s, a after
  // 150 s; a span of at least two minutes is drawn in minutes.
  const cdf = chartsOf().get("completion-cdf")!;
  t.deepEqual(cdf.data.values, [
    { completion: 20 / 60, fraction: 0 },
    { completion: 20 / 60, fraction: 1 / 3 },
    { completion: 100 / 60, fraction: 2 / 3 },
    { completion: 150 / 60, fraction: 1 },
  ]);
  t.is(cdf.encoding.x.title, "completion time (min)");
  t.deepEqual(cdf.encoding.y.scale?.domain, [0, 1]);
});

test("a CDF of more jobs than it draws keeps exact heights at the ranks it draws, the last one included", (t) => {
  const list = Array.from({ length: 1000 }, (_, i) => job(`j${i}`, i * 3600, "small", 1 + i));
  const cdf = chartsOf(input({ hardware: gpus({ mode: "exclusive" }, 1), jobs: { list } })).get(
    "completion-cdf",
  )!;
  const values = cdf.data.values as { completion: number; fraction: number }[];
  t.is(values.length, 301);
  t.is(values[0].fraction, 0);
  t.is(values.at(-1)!.fraction, 1);
  // Each job runs alone for (1 + i) steps of 1 s: the k-th shortest completion is k seconds, drawn in minutes.
  t.is(cdf.encoding.x.title, "completion time (min)");
  for (const { completion, fraction } of values.slice(1)) t.is(Math.round(completion * 60), fraction * 1000);
});

test("time axes are in the unit the run's span reads best in", (t) => {
  const run = (steps: number) =>
    chartsOf(input({ hardware: gpus({ mode: "exclusive" }), jobs: { list: [job("j", 0, "small", steps)] } }));
  t.is(run(119).get("cluster-power")!.encoding.x.title, "time (s)");
  t.is(run(120).get("cluster-power")!.encoding.x.title, "time (min)");
  const long = run(3 * 3600).get("cluster-power")!;
  t.is(long.encoding.x.title, "time (h)");
  t.is(Math.max(...long.data.values.map((v) => v.time as number)), 3);
});

test("utilization and SM activity stay within [0, 1] on a fixed 0-1 axis", (t) => {
  // Cluster means are running sums of per-GPU changes; with these figures the utilization sum ends at
  // -5.6e-17, not 0, once every GPU is idle again.
  const share: ShareFn = (gpu, setup, coRunners) => ({
    ...tinyShare(gpu, setup, coRunners),
    utilization: coRunners.length > 0 ? 0.1 + 0.07 * coRunners.length : 0,
    smActivity: coRunners.length > 0 ? 0.3 / coRunners.length : 0,
  });
  const list = Array.from({ length: 12 }, (_, i) =>
    job(`j${i}`, i * 7, i % 2 ? "small" : "large", 5 + 3 * i),
  );
  const scenario = input({
    hardware: gpus({ mode: "naive" }, 3),
    jobs: { list },
    scheduler: { policy: "naive-pack", params: { max_co_runners: 3 } },
  });
  const run = simulate(scenario, { share });
  const activity = runCharts(run, jobMetrics(run)).get("cluster-activity") as unknown as Spec;
  t.deepEqual(activity.encoding.y.scale?.domain, [0, 1]);
  t.deepEqual([...new Set(activity.data.values.map((v) => v.series))], ["utilization", "SM activity"]);
  for (const v of activity.data.values) t.true((v.value as number) >= 0 && (v.value as number) <= 1);
  t.deepEqual(
    activity.data.values.slice(-2).map((v) => v.value),
    [0, 0],
  );
});
