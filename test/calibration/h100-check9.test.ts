/**
 * Check H9 (docs/calibration.md): two models no run had held, resnet50d b128 (few long kernels) and cait_xxs24 b128
 * (many short ones), and deit_tiny b256 beside each, profiled and mixed on two H100s in session 40 (the machine was
 * not kept between calls: the deit_tiny mixes ran on a second card, with every solo profile taken again there).
 * Written down before its runs: C1, the MPS jobs within 8 % per job by the blend and none over 25 %; C2, the
 * time-sliced pairs within 5 % per job; C3, in every MPS pair of different models, the job the blend says keeps the
 * larger share of its solo speed does.
 */
import test from "ava";
import {
  cards,
  errors,
  jobsOf,
  otherGpuCheck,
  soloShares,
  summary,
  withinIssueTargets,
} from "./other-gpu-check.ts";

const first = otherGpuCheck("calibration/data/h100-runs-h9", "h9");
const second = otherGpuCheck("calibration/data/h100-runs-h9b", "h9b");
const CHECKS = [first, second];

test("check H9's runs are two H100s', each folder one card's", (t) => {
  t.deepEqual(
    CHECKS.map((c) => c.runs.length),
    [15, 12],
  );
  t.deepEqual(
    CHECKS.map((c) => cards(c.runs)),
    [["GPU-adde6b25-c36c-fc2f-9176-5a4de0d62b40"], ["GPU-f95fb774-6a9c-1d8b-ae91-f81be61ee958"]],
  );
});

test("C1: the MPS jobs are within 8 % per job by the blend, none over 25 %", (t) => {
  // Session 40: 4.77 % over 15 jobs (bias -2.85 %, max 13.1 %); the first card's 8 jobs 2.68 %, the second's 7 (the
  // deit_tiny mixes) 7.16 %, where deit_tiny is predicted too fast (+1.8 to +7.1 %) and its co-runners too slow
  // (-2.6 to -13.1 %).
  const jobs = CHECKS.flatMap((c) => jobsOf(c.blend(), "mps"));
  t.is(jobs.length, 15);
  t.log(`MPS: blend ${summary(jobs)}`);
  t.true(withinIssueTargets(jobs));
});

test("C2: the time-sliced pairs are within 5 % per job", (t) => {
  // Session 40: 6 jobs (one pair on each card, cait_xxs24 + deit_tiny on both), max 0.71 %.
  const jobs = CHECKS.flatMap((c) => jobsOf(c.blend(), "naive"));
  t.is(jobs.length, 6);
  t.log(jobs.map((j) => `${j.workload} ${j.error_pct!.toFixed(2)} %`).join(", "));
  t.true(Math.max(...errors(jobs)) <= 5);
});

test("C3: in each MPS pair of different models the blend names the job that keeps more of its solo speed", (t) => {
  // Session 40, measured (predicted): resnet50d 0.69 (0.67) beside cait_xxs24 0.48 (0.48); deit_tiny 0.74 (0.75)
  // beside cait_xxs24 0.44 (0.39); deit_tiny 0.60 (0.64) beside resnet50d 0.55 (0.50).
  const pairs = CHECKS.flatMap((c) => {
    const mps = jobsOf(c.blend(), "mps");
    return [...new Set(mps.map((j) => j.run_id))]
      .map((id) => mps.filter((j) => j.run_id === id))
      .filter((jobs) => jobs.length === 2 && jobs[0].workload !== jobs[1].workload)
      .map((jobs) => soloShares(c.blend(), jobs));
  });
  t.is(pairs.length, 3);
  for (const [a, b] of pairs) {
    t.log(
      [a, b]
        .map((s) => `${s.workload} ${s.measured.toFixed(2)} (${s.predicted.toFixed(2)})`)
        .join(" beside "),
    );
    t.is(a.predicted > b.predicted, a.measured > b.measured, `${a.workload} beside ${b.workload}`);
  }
});
