/**
 * Check H14b (docs/calibration.md): H14's plan again on another H100 in session 43, written down after H14's runs and
 * before its own: C1-C3 as H14's, and C4, regnetx_004 alone under MPS at 64 SMs more than 20 % slower than exclusive,
 * as on H14's card.
 */
import test from "ava";
import {
  bias,
  cards,
  jobsOf,
  mape,
  otherGpuCheck,
  summary,
  withinIssueTargets,
  worstJob,
} from "./other-gpu-check.ts";

const { runs, set, fast, blend } = otherGpuCheck("calibration/data/h100-runs-h14b", "h14b");

test("check H14b's runs are one H100's, not H14's", (t) => {
  t.is(runs.length, 12);
  t.deepEqual(cards(runs), ["GPU-ed3b137c-9b34-a362-57bb-cf438a12eea6"]);
});

test("C1 held: the MPS pair within 8 % per job by the blend", (t) => {
  // Session 43: 6.25 % over 2 jobs, regnetx_004 -5.7 %, mnasnet_small +6.8 % (fast 6.19 %, replay 6.31 %).
  const jobs = jobsOf(blend(), "mps");
  t.is(jobs.length, 2);
  t.log(`MPS: blend ${summary(jobs)}`);
  t.true(withinIssueTargets(jobs));
});

test("C2 failed and C3 held again: the time-sliced jobs 7-8 % off per job, predicted too fast on the mean", (t) => {
  // Session 43: 7.67 % over 8 jobs (bias +6.90 %, max 14.6 %: regnetx_004 beside two mnasnet_small; beside one,
  // +6.2 %; its two copies beside one mnasnet_small +13.1 % each; the one job too slow predicted by over 3 % is a
  // mnasnet_small copy, -3.1 %, its sibling +3.8 %). H14's card: 6.42 %, bias +6.39 %. With fit N (session 44): 7.41 %
  // (bias +6.68 %, max 13.6 %).
  const jobs = jobsOf(fast, "naive");
  t.is(jobs.length, 8);
  t.log(`naive: ${summary(jobs)}`);
  t.true(mape(jobs) > 7 && mape(jobs) < 8);
  t.true(bias(jobs) > 0);
  const worst = worstJob(jobs);
  t.is(worst.workload, "regnetx004-in-b64");
  t.true(worst.error_pct! > 10);
});

test("C4 failed: regnetx_004 alone under MPS at 64 SMs is within 3 % of exclusive here (H14's card: 56 % slower)", (t) => {
  // Session 43: 23.8 ms a step at 64 SMs against 23.3 exclusive (H14's card: 38.4 against 24.6 ms).
  const { sms, stepTimeS } = set.workloads["regnetx004-in-b64"].smScaling;
  const at = (n: number) => stepTimeS[sms.indexOf(n)];
  t.log(`64 SMs ${(at(64) * 1e3).toFixed(1)} ms, exclusive ${(at(132) * 1e3).toFixed(1)} ms`);
  t.true(at(64) / at(132) < 1.03);
});
