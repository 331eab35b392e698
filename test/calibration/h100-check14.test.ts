/**
 * Check H14 (docs/calibration.md): two launch-bound models no run had held, regnetx_004 b64 and mnasnet_small b64,
 * profiled and mixed on one H100 in session 43 (one call), mostly time-sliced (the pair and the uneven triples, 2 + 1
 * and 1 + 2) beside one MPS pair; written down before its runs: C1, the MPS jobs within 8 % per job by the blend and
 * none over 25 %; C2, the time-sliced jobs within 5 % per job; C3, the time-sliced jobs predicted too fast on the mean,
 * as H1-H13's were.
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

const { runs, fast, blend } = otherGpuCheck("calibration/data/h100-runs-h14", "h14");

test("check H14's runs are one H100's", (t) => {
  t.is(runs.length, 12);
  t.deepEqual(cards(runs), ["GPU-ad27483a-f2ed-cf3e-107c-1d7446b706ce"]);
});

test("C1 failed: regnetx_004 in the MPS pair is predicted over 25 % too fast", (t) => {
  // Session 43: 23.55 % over 2 jobs by the blend, regnetx_004 +36.4 %, mnasnet_small +10.8 % (fast 21.51 %, replay
  // 25.63 %). regnetx_004 ran slower under MPS alone than exclusive: 38 ms a step at 64 SMs against 25 ms.
  const jobs = jobsOf(blend(), "mps");
  t.is(jobs.length, 2);
  t.log(`MPS: blend ${summary(jobs)}`);
  t.false(withinIssueTargets(jobs));
  const worst = worstJob(jobs);
  t.is(worst.workload, "regnetx004-in-b64");
  t.true(worst.error_pct! > 25);
});

test("C2 failed and C3 held: the time-sliced jobs are 6-7 % off per job, all those over 3 % predicted too fast", (t) => {
  // Session 43: 6.42 % over 8 jobs (bias +6.39 %, max 18.0 %: regnetx_004 beside mnasnet_small, the launch-heavier
  // side; in the triples the regnetx_004 jobs +4.4 to +11.1 %, the mnasnet_small ones -0.1 to +4.5 %). With fit N
  // (session 44): 6.16 % (bias +6.16 %, max 16.8 %).
  const jobs = jobsOf(fast, "naive");
  t.is(jobs.length, 8);
  t.log(`naive: ${summary(jobs)}`);
  t.true(mape(jobs) > 6 && mape(jobs) < 7);
  t.true(bias(jobs) > 0);
  t.true(jobs.filter((j) => Math.abs(j.error_pct!) > 3).every((j) => j.error_pct! > 0));
});
