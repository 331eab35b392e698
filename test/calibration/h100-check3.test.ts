/**
 * Check H3 (docs/calibration.md): two small mobile nets no H200 fit has seen (spnasnet_100 b256, efficientnet_lite0
 * b256), profiled and mixed on one H100 in session 37, written down before its runs to check where that session
 * located the mobile-copies lead: copies of such a net predicted too slow, by the replay more than by the fast model.
 */
import test from "ava";
import { bias, cards, jobsOf, otherGpuCheck, type Job } from "./other-gpu-check.ts";

const { runs, set, fast, replay, blend } = otherGpuCheck("calibration/data/h100-runs-h3", "h3");
const COPIES = "mps__4x-spnasnet-in-b256";
const PAIR = "mps__spnasnet-in-b256+efflite0-in-b256";
const signed = (jobs: Job[], run: string, workload?: string) =>
  bias(jobs.filter((j) => j.run_id === run && (workload === undefined || j.workload === workload)));

test("check H3's runs are one H100's; both nets keep under 0.65 of their kernel time in large kernels", (t) => {
  t.is(runs.length, 11);
  t.deepEqual(cards(runs), ["GPU-d75d5c8f-e453-1cab-5fc8-c81c29e664f5"]);
  t.deepEqual(Object.keys(set.workloads), ["efflite0-in-b256", "spnasnet-in-b256"]);
  // The claim H3 was written for is about nets under 0.6: spnasnet_100 (0.55); efficientnet_lite0 (0.64) is not one.
  t.true(set.workloads["spnasnet-in-b256"].kernels!.largeShare! < 0.6);
  t.true(set.workloads["efflite0-in-b256"].kernels!.largeShare! >= 0.6);
});

test("spnasnet_100's four copies are predicted too slow, by the replay 3 points more than by the fast model", (t) => {
  // Session 37: fast -8.11 %, replay -11.15 %, blend -9.64 % (mean signed error of the four copies).
  const [f, r, b] = [jobsOf(fast, "mps"), jobsOf(replay(), "mps"), jobsOf(blend(), "mps")];
  const [ef, er, eb] = [signed(f, COPIES), signed(r, COPIES), signed(b, COPIES)];
  t.log(`copies: fast ${ef.toFixed(2)} %, replay ${er.toFixed(2)} %, blend ${eb.toFixed(2)} %`);
  t.true(ef < -5 && er < -5 && eb < -5);
  t.true(er <= ef - 3);
});

test("the pair: spnasnet_100 beside efficientnet_lite0 too slow by the blend, past the 5 % H3 expected", (t) => {
  // Session 37: spnasnet_100 -7.6 % by the blend (fast -11.1, replay -3.9), efficientnet_lite0 -1.0 %. H3 expected
  // both within 5 %: a mobile net beside another mobile net went as its copies did, not as its mixes of the H200 set.
  const b = jobsOf(blend(), "mps");
  const [sp, el] = [signed(b, PAIR, "spnasnet-in-b256"), signed(b, PAIR, "efflite0-in-b256")];
  t.log(`pair: spnasnet ${sp.toFixed(2)} %, efflite0 ${el.toFixed(2)} %`);
  t.true(sp < -5);
  t.true(Math.abs(el) <= 5);
});

test("four efficientnet_lite0 copies do not fit in the H100's memory: the run's out-of-memory predicted", (t) => {
  // Three of the four ran out (about 20 GiB each); colloc predicts the run out of memory (one process short of room).
  const run = fast.comparison.runs.find((r) => r.run_id === "mps__4x-efflite0-in-b256")!;
  t.true(run.measured_oom);
  t.true(run.predicted_oom);
  t.is(run.measured_oom_procs, 3);
  t.is(run.predicted_oom_procs, 1);
});
