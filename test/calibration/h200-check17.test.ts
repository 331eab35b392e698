/**
 * Check H17 (docs/calibration.md): a time-sliced check of launch-bound jobs beside launch-bound ones, four models no
 * run had held (regnetx_002, mobilenetv3_small_050, dla46_c and hardcorenas_c, b64 each; busy 33-82 % of their steps
 * alone), profiled and time-sliced on one H200 in session 45, with claims C1-C2 written down before its runs
 * (profiler/plans/h100-check17.yaml). Nothing is fitted on them: `calibrate --base h200` builds the set.
 */
import test from "ava";
import { bias, cards, errors, jobsOf, mape, otherGpuCheck, summary } from "./other-gpu-check.ts";

// Session 45 (calibration/data/h200-check-h17): 6.16 % over 17 time-sliced jobs (bias +1.35 %, max 15.7 %:
// mobilenetv3_small_050 in the triple). Form L, the rule's C2, gave 6.23 % (bias +1.23 %) with its own refit of the
// H200 runs, so it was not kept; leave-models-out naive with it 2.92 % (within C2's 3 %).
const { runs, fast } = otherGpuCheck("calibration/data/h200-check-h17", "h17");

test("check H17's runs are one H200's: four solos, twelve SM caps, eight time-sliced mixes", (t) => {
  t.is(runs.length, 24);
  t.deepEqual(cards(runs), ["GPU-d44298ce-8b9d-714c-42e7-cb0c855b0603"]);
  t.is(runs.filter((r) => r.mode === "naive").length, 8);
});

test("H17 C1 failed: the time-sliced jobs are off by a split between co-runners, not by a lean too fast", (t) => {
  const jobs = jobsOf(fast, "naive");
  t.is(jobs.length, 17);
  t.log(`time-sliced: ${summary(jobs)}`);
  // C1 said over +3 % too fast on the mean, none over 25 %: the mean is within 3 % while the jobs are not.
  t.true(bias(jobs) < 3);
  t.true(mape(jobs) > 3);
  t.true(Math.max(...errors(jobs)) <= 25);
});
