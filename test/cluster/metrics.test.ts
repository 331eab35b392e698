import test from "ava";
import { simulate } from "../../sim/cluster/engine.ts";
import { jobMetrics, summarize, tail } from "../../sim/cluster/metrics.ts";
import { gpu } from "../../sim/hardware/names.ts";
import type { ShareFn } from "../../sim/cluster/share-memo.ts";
import { GPU, packedPairInput, tinyShare } from "./fixtures.ts";

test("tail percentiles interpolate linearly between order statistics and skip non-finite values", (t) => {
  t.deepEqual(tail([150, NaN, 20, 100]), { mean: 90, p50: 100, p95: 145, p99: 149 });
  t.deepEqual(tail([NaN]), { mean: null, p50: null, p95: null, p99: null });
});

test("a run's summary, worked out by hand", (t) => {
  const run = simulate(packedPairInput(), { share: tinyShare });
  const s = summarize(run, jobMetrics(run));
  // GPU 0: a and b at half speed to 100 s, then a alone to 150 s. GPU 1: c from 10 to 30 s.
  t.is(s.makespan_s, 150);
  t.deepEqual(s.jobs, { total: 3, finished: 3, failed: 0, unfinished: 0 });
  t.is(s.completion_s.mean, 90);
  t.is(s.throughput.jobs_per_hour, 3 / (150 / 3600));
  // tinyShare's power: 100 W + 100 W per job. GPU 0: 300 W x 100 s + 200 W x 50 s; GPU 1: 100 W idle except
  // 200 W for 20 s.
  t.is(s.energy_kwh, (300 * 100 + 200 * 50 + 100 * 130 + 200 * 20) / 3.6e6);
  // Busy GPU-time: 150 s + 20 s of 300 s.
  t.is(s.idle_gpu_fraction, 1 - 170 / 300);
  t.is(s.oom.events, 0);
});

test("an empty GPU draws the catalog's measured no-process power where the fitted idle is lower", (t) => {
  // A model whose intercept (10 W) is below the board's measured idle, as the fitted power model's is on the H200.
  const lowIdle: ShareFn = (g, setup, coRunners) => {
    const r = tinyShare(g, setup, coRunners);
    return { ...r, powerW: r.powerW - 90 };
  };
  const run = simulate(packedPairInput(), { share: lowIdle });
  const idle = gpu(GPU).power.idleW;
  t.true(idle > 10 && idle < 110);
  // As in the summary above, 90 W lower, except GPU 1's 130 s without a job.
  const s = summarize(run, jobMetrics(run));
  t.is(s.energy_kwh, (210 * 100 + 110 * 50 + idle * 130 + 110 * 20) / 3.6e6);
});
