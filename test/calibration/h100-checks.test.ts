/**
 * Checks H1-H13 together (docs/calibration.md): every plain-MPS and time-sliced job measured on an H100 so far, each
 * check predicted from its own machine's profiles with the H200 set's sharing parameters (`calibrate --base h200`),
 * none of its models fitted on a co-running run: the issue's per-job targets (8 % and 3 %) asked of models on a GPU
 * no fit has seen.
 */
import test from "ava";
import { bias, errors, jobsOf, mape, otherGpuCheck } from "./other-gpu-check.ts";

// Each folder is one card's (H9's runs took two: the machine was not kept between its calls).
const CHECKS = ["h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "h9", "h9b", "h10", "h11", "h12", "h13"].map(
  (name) => otherGpuCheck(`calibration/data/h100-runs${name === "h1" ? "" : `-${name}`}`, name),
);

test("all plain-MPS jobs of checks H1-H13: the blend within the 8 % per-job target and below the fast model; only started-together ConvNeXt mixes over 25 %", (t) => {
  // Session 42, H1-H13: 144 jobs on fourteen H100s; blend 5.18 % (max 40.6), fast 7.13 % (max 80.2), replay 6.71 %
  // (max 30.6); bias -2.08, +0.23 and -3.67 %. Session 41, H1-H12: 136 jobs on thirteen H100s; blend 5.29 % (max 40.6), fast 7.24 % (max 80.2), replay 6.94 %
  // (max 30.6); bias -2.19, +0.25 and -3.86 %. H1-H11: 128 jobs on twelve H100s; blend 5.36 % (max 40.6), fast 7.44 % (max 80.2), replay 7.07 %
  // (max 30.6); bias -2.13, +0.44 and -3.89 %. Session 40, H1-H10: 120 jobs on eleven H100s; blend 5.63 % (max 40.6), fast 7.85 % (max 80.2), replay 7.33 %
  // (max 30.6); bias -2.20, +0.42 and -3.99 %. H1-H9: 112 jobs on ten H100s; blend 5.56 % (max 40.6), fast 7.84 % (max 80.2), replay 7.43 % (max 30.6);
  // bias -2.44, +0.22 and -4.20 %. Session 39: 97 jobs on eight H100s; blend 5.69 % (max 40.6), fast 8.31 % (max 80.2), replay 7.69 % (max 30.6);
  // bias -2.38, +0.61 and -4.34 %. H1-H7: 89 jobs, blend 5.67 %. Session 38, H1-H6: 67 jobs, blend 4.11 % (max 12.5).
  const pool = (model: "fast" | "replay" | "blend") =>
    CHECKS.flatMap((c) => jobsOf(model === "fast" ? c.fast : c[model](), "mps"));
  const [f, r, b] = [pool("fast"), pool("replay"), pool("blend")];
  t.is(b.length, 144);
  t.is(new Set(CHECKS.flatMap((c) => c.runs.map((run) => run.gpuUuid))).size, 14);
  for (const [name, jobs] of [
    ["fast", f],
    ["replay", r],
    ["blend", b],
  ] as const)
    t.log(
      `${name}: MAPE ${mape(jobs).toFixed(2)} %, bias ${bias(jobs).toFixed(2)} %, max ${Math.max(...errors(jobs)).toFixed(1)} %`,
    );
  t.true(mape(b) <= 8);
  // Issue 13's worst-job bound (25 %) is not met: the jobs over it are in check H7's ConvNeXt mixes started together
  // (one of three convnext_femto_ols copies +40.6 %, its siblings -7 %; deit_tiny beside convnext_femto_ols +25.2 %).
  const over = b.filter((j) => Math.abs(j.error_pct!) > 25);
  t.log(`over 25 %: ${over.map((j) => `${j.run_id} ${j.workload} ${j.error_pct!.toFixed(1)} %`).join("; ")}`);
  t.true(over.every((j) => j.run_id.includes("convnextfemtools") && !j.run_id.endsWith("__isolated")));
  t.true(mape(b) < mape(f));
});

test("all time-sliced jobs of checks H1-H13: within the 3 % per-job target", (t) => {
  // Session 42: 1.78 % over 20 jobs (bias +1.29 %, max 7.4 %: tinynet_a in H13; the jobs over 3 % are the pairs'
  // lighter, launch-heavier side, all predicted too fast: inception_next_tiny, regnety_016, densenet201,
  // tf_efficientnetv2_b0, tinynet_a).
  const jobs = CHECKS.flatMap((c) => jobsOf(c.fast, "naive"));
  t.is(jobs.length, 20);
  t.log(
    `naive: MAPE ${mape(jobs).toFixed(2)} %, bias ${bias(jobs).toFixed(2)} %, max ${Math.max(...errors(jobs)).toFixed(1)} %`,
  );
  t.true(mape(jobs) <= 3);
  t.true(jobs.filter((j) => Math.abs(j.error_pct!) > 3).every((j) => j.error_pct! > 0));
});
