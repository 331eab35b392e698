/**
 * Check H12 (docs/calibration.md): two models no run had held, hiera_tiny_224 b64 (a hierarchical ViT) and
 * hardcorenas_a b256 (a small mobile NAS net), profiled and mixed on one H100 in session 41 (one call). Written down
 * before its runs: C1, the MPS jobs within 8 % per job by the blend and none over 25 %; C2, the time-sliced pair
 * within 5 % per job; C3, in the MPS pair, the job the blend says keeps the larger share of its solo speed does.
 */
import test from "ava";
import { errors, jobsOf, otherGpuCheck, soloShares, summary, withinIssueTargets } from "./other-gpu-check.ts";

const { runs, blend } = otherGpuCheck("calibration/data/h100-runs-h12", "h12");

test("check H12's runs are one H100's", (t) => {
  t.is(runs.length, 12);
  t.deepEqual([...new Set(runs.map((r) => r.gpuUuid))], ["GPU-4246b083-f29c-d309-4419-ad1b27f87144"]);
});

test("C1: the MPS jobs are within 8 % per job by the blend, none over 25 %", (t) => {
  // Session 41: 4.06 % over 8 jobs (bias -3.17 %, max 7.7 %); the pair -4.6 % (hiera_tiny) and +3.3 %
  // (hardcorenas_a), the hiera_tiny copies -1.7 to +0.2 %, the hardcorenas_a copies -7.7 to -7.1 % (too slow, as
  // the mobile nets' copies in H3).
  const jobs = jobsOf(blend(), "mps");
  t.is(jobs.length, 8);
  t.log(`MPS: blend ${summary(jobs)}`);
  t.true(withinIssueTargets(jobs));
});

test("C2: the time-sliced pair is within 5 % per job", (t) => {
  // Session 41: hiera_tiny +0.02 %, hardcorenas_a -0.55 %.
  const jobs = jobsOf(blend(), "naive");
  t.is(jobs.length, 2);
  t.log(jobs.map((j) => `${j.workload} ${j.error_pct!.toFixed(2)} %`).join(", "));
  t.true(Math.max(...errors(jobs)) <= 5);
});

test("C3: in the MPS pair the blend names the job that keeps more of its solo speed", (t) => {
  const pair = jobsOf(blend(), "mps").filter((j) => !j.run_id.includes("3x-"));
  t.is(pair.length, 2);
  const [a, b] = soloShares(blend(), pair);
  t.log(
    [a, b].map((s) => `${s.workload} ${s.measured.toFixed(2)} (${s.predicted.toFixed(2)})`).join(" beside "),
  );
  t.is(a.predicted > b.predicted, a.measured > b.measured);
});
