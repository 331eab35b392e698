/**
 * Check H8 (docs/calibration.md): two models no run had held, regnety_016 b128 and levit_192 b256, profiled and
 * mixed on one H100 in session 39; written down before its runs: C1, the MPS jobs within 8 % per job by the blend
 * and none over 25 %; C2, the time-sliced pair within 5 % per job.
 */
import test from "ava";
import { cards, errors, jobsOf, otherGpuCheck, summary, withinIssueTargets } from "./other-gpu-check.ts";

const { runs, blend } = otherGpuCheck("calibration/data/h100-runs-h8", "h8");

test("check H8's runs are one H100's", (t) => {
  t.is(runs.length, 12);
  t.deepEqual(cards(runs), ["GPU-af5aeab6-6d85-e47e-5bdd-4bc8b774a733"]);
});

test("C1: the MPS jobs are within 8 % per job by the blend, none over 25 %", (t) => {
  // Session 39: 5.87 % over 8 jobs (bias -3.14 %); the pair -14.9 % (regnety_016) and +10.9 % (levit_192), the
  // copies -0.7 to -7.1 %.
  const jobs = jobsOf(blend(), "mps");
  t.is(jobs.length, 8);
  t.log(`MPS: blend ${summary(jobs)}`);
  t.true(withinIssueTargets(jobs));
});

test("C2 holds by a hair since fit N: regnety_016 time-sliced beside levit_192 is 4.9 % too fast, levit_192 within 2 %", (t) => {
  // The claim was within 5 % per job. Session 44, fit N (switch-back wait 7.8 us): +4.95 % and +1.18 %. Session 39,
  // the trimmed fit (3.5 us): +5.13 % and +1.39 %, failed by a hair.
  const jobs = jobsOf(blend(), "naive");
  t.is(jobs.length, 2);
  t.log(jobs.map((j) => `${j.workload} ${j.error_pct!.toFixed(2)} %`).join(", "));
  const worst = Math.max(...errors(jobs));
  t.true(worst > 4.5 && worst <= 5);
  t.true(Math.min(...errors(jobs)) < 2);
});
