/**
 * Checks H1-H16, H18, H19, H21, H22, H22b and H23 together (docs/calibration.md; H14 on two cards; H17 and H20 ran on
 * H200s): every plain-MPS and time-sliced job measured on an H100 so far, each check predicted from its own machine's
 * profiles with the H200 set's sharing parameters (`calibrate --base h200`), none of its models fitted on a co-running
 * run: the issue's per-job targets (8 % and 3 %) asked of models on a GPU no fit has seen.
 */
import test from "ava";
import { outsideFitRange } from "../../sim/sharing/index.ts";
import {
  cards,
  formG,
  jobsOf,
  mape,
  otherGpuCheck,
  summary,
  type Job,
  type OtherGpuCheck,
} from "./other-gpu-check.ts";
import { errorStats } from "../../calibration/validate/summary.ts";
import { validateRuns } from "../../calibration/validate/validate.ts";

// Each folder is one card's (H9's runs took two: the machine was not kept between its calls; H14b is H14's plan on
// another card).
const CHECKS = "h1 h2 h3 h4 h5 h6 h7 h8 h9 h9b h10 h11 h12 h13 h14 h14b h15 h16 h18 h19 h21 h22 h22b h23"
  .split(" ")
  .map((name) => otherGpuCheck(`calibration/data/h100-runs${name === "h1" ? "" : `-${name}`}`, name));

/** Whether the check's set warns that the job's workload is beyond the MPS fit's (calibration/fit/mps-range.ts). */
const beyondFit = (c: OtherGpuCheck, j: Job) =>
  c.set.mpsFitRange !== undefined &&
  outsideFitRange(c.set.workloads[j.workload], c.set.mpsFitRange).length > 0;

test("all plain-MPS jobs of checks H1-H23: the blend within the 8 % per-job target and below the fast model; over 25 % only started-together ConvNeXt mixes and a workload the set warned about", (t) => {
  // Session 54, with H23 (12 jobs, blend 11.60 %): 174 jobs on nineteen H100s; blend 5.49 % (max 43.6), replay
  // 6.00 %, fast 7.47 %. Session 52, kernels of several streams counted once in the traces (sim/replay/trace.ts):
  // blend 5.04 % (max 43.6), replay 5.70 %, fast 7.05 % as before. Session 51, with H22: 162 jobs on eighteen H100s; blend 5.17 % (max
  // 40.6), fast 7.05 %, replay 6.64 %.
  // Session 43, H1-H15 with H14b: 156 jobs on seventeen H100s; blend 5.27 % (max 40.6), fast 7.04 % (max 80.2),
  // replay 6.78 % (max 38.6); bias -1.64, +0.44 and -3.05 %. Without H14b 154 jobs, blend 5.26 %; H1-H14 146, 5.43 %.
  // Session 42, H1-H13: 144 jobs, blend 5.18 %; session 38, H1-H6: 67 jobs, blend 4.11 % (each session's pool:
  // docs/calibration.md).
  const pool = (model: "fast" | "replay" | "blend") =>
    CHECKS.flatMap((c) => jobsOf(model === "fast" ? c.fast : c[model](), "mps"));
  const [f, r, b] = [pool("fast"), pool("replay"), pool("blend")];
  t.is(b.length, 174);
  // Nineteen cards ran MPS mixes (H23's the nineteenth: 12 jobs; H22's 6, blend 2.51 %); H16's, H18's, H19's, H21's
  // and H22b's ran time-sliced ones only.
  t.is(cards(CHECKS.flatMap((c) => c.runs)).length, 24);
  for (const [name, jobs] of [
    ["fast", f],
    ["replay", r],
    ["blend", b],
  ] as const)
    t.log(`${name}: ${summary(jobs)}`);
  t.true(mape(b) <= 8);
  // Issue 13's worst-job bound (25 %) is not met: the jobs over it are one of check H7's three convnext_femto_ols
  // copies started together (+43.6 %, its siblings -7 %; until session 52 also deit_tiny beside convnext_femto_ols,
  // +25.2 %) and H14's regnetx_004 (+36.5 %), 40.7 kernels a millisecond where the fit read at most 37.1, as its set
  // warns.
  const over = CHECKS.flatMap((c) =>
    jobsOf(c.blend(), "mps")
      .filter((j) => Math.abs(j.error_pct!) > 25)
      .map((j) => ({ j, warned: beyondFit(c, j) })),
  );
  t.log(
    `over 25 %: ${over.map(({ j, warned }) => `${j.run_id} ${j.workload} ${j.error_pct!.toFixed(1)} %${warned ? " (warned)" : ""}`).join("; ")}`,
  );
  t.is(over.length, 2);
  t.true(
    over.every(
      ({ j, warned }) =>
        warned || (j.run_id.includes("convnextfemtools") && !j.run_id.endsWith("__isolated")),
    ),
  );
  t.true(mape(b) < mape(f));
});

test("all time-sliced jobs of checks H1-H23: over the 3 % per-job target, leaning too fast", (t) => {
  // Session 51, with H22 and H22b (ghostnet_130 +13 to +21 % beside either co-runner on two cards): 5.82 % over 105
  // jobs (bias +3.45 %, max 32.2 %); with H22 alone 5.70 % over 101.
  // Session 50, the H200 set refitted with zoo30's pairs (switch overhead 0.1359, switch-back wait 7.69 us): 5.50 %
  // over 93 jobs (bias +3.35 %, max 32.2 %). Session 49, with H21 (regnety_002 light, three busy co-runners): 5.52 %
  // over 93 jobs (bias +3.42 %, max 32.0 %).
  // Session 48, with H19 (a middle job and a launch-heavy ghostnet_050): 5.67 % over 83 jobs (bias +3.49 %, max 32.0 %:
  // ghostnet_050 beside regnetx_006). Session 47, with H18 (light launch-bound jobs): 4.55 % over 67 (bias +3.03 %, max
  // 21.0 %: tinynet_e beside mobilenetv3_small_075). Session 44, H1-H16 by fit N (the time-sliced parameters fitted on
  // every fitted job, switch-back wait 7.8 us): 3.80 % over 50 (bias +3.24 %, max 16.8 %: regnetx_004 beside
  // mnasnet_small on H14's card); H1-H15 3.77 % over 38, and 4.10 % by the trimmed fit (3.5 us) before it; session 42,
  // H1-H13, 1.78 % over 20.
  const jobs = CHECKS.flatMap((c) => jobsOf(c.fast, "naive"));
  t.is(jobs.length, 105);
  t.log(`naive: ${summary(jobs)}`);
  t.true(mape(jobs) > 5 && mape(jobs) < 6.5);
  // Of the 58 jobs over 3 %, 44 are predicted too fast, most of them their mix's launch-heavier workload; the fourteen
  // too slow are a copy of mnasnet_small on H14b's card (since session 50's refit; it was -3.1 % under the trimmed fit
  // of session 43 too), a busier job beside a lighter one (H16's regnety_040, H18's dla60, H19's dla46x_c twice,
  // resnet10t and semnasnet_075, three of them beside ghostnet_050; H21's resnet26d beside mnasnet_075) and light jobs
  // beside a busier launch-bound one (H18's mobilenetv3_small_075 twice, H21's regnety_002 beside mnasnet_075), and
  // H22's hardcorenas_b and resnet18d and H22b's resnet18d beside ghostnet_130, itself 13-21 % too fast: the split
  // between co-runners, not only a lean.
  const over = jobs.filter((j) => Math.abs(j.error_pct!) > 3);
  t.is(over.length, 58);
  t.deepEqual(
    over.filter((j) => j.error_pct! < 0).map((j) => j.workload),
    [
      "mnasnetsmall-in-b64",
      "regnety040-in-b128",
      "dla60-in-b64",
      "mobilenetv3small075-in-b32",
      "mobilenetv3small075-in-b32",
      "dla46xc-in-b64",
      "resnet10t-in-b256",
      "dla46xc-in-b64",
      "semnasnet075-in-b64",
      "resnet26d-in-b256",
      "regnety002-in-b32",
      "hardcorenasb-in-b64",
      "resnet18d-in-b256",
      "resnet18d-in-b256",
    ],
  );
});

test("the time-sliced jobs of checks H1-H23 replayed kernel by kernel (2-ms slices): closer than the fast model, and a geometric blend of the two closer still", (t) => {
  // Session 48, looked at after H19's and H20's verdicts, for the record (docs/calibration.md, form G): fast 5.67 %,
  // replay 5.05 %, blend 4.68 % over 83 jobs. Session 49, with H21: 5.52, 4.99 and 4.64 % over 93 (on H21's own ten
  // jobs form G was 4.37 % against the fast model's 4.27 %: its rule (2) failed). Session 50, the H200 set refitted
  // with zoo30's pairs: 5.50, 5.17 and 4.71 %. Session 51, with H22 and H22b: 5.82, 4.96 and 4.80 % over 105. Session
  // 52, kernels of several streams counted once in the traces: 5.82, 4.89 and 4.87 %. On the H200 runs the order is
  // the other way (session 52, the processes that trained replayed: fast 2.41 %, replay 2.72 %, blend 2.49 % over 258
  // jobs, in-sample for the fast model; session 48's 3.47 % for the replay counted processes out of memory).
  const jobs = CHECKS.flatMap((c) => c.naiveReplay());
  t.is(jobs.length, 105);
  const fast = errorStats(jobs.map((j) => j.fast));
  const replayed = errorStats(jobs.map((j) => j.replay));
  const blend = errorStats(jobs.map(formG));
  for (const [name, s] of [
    ["fast", fast],
    ["replay", replayed],
    ["blend", blend],
  ] as const)
    t.log(
      `${name}: ${s.mean_abs!.toFixed(2)} % (bias ${s.mean!.toFixed(2)} %, max ${s.max_abs!.toFixed(1)} %)`,
    );
  t.true(replayed.mean_abs! < fast.mean_abs!);
  t.true(blend.mean_abs! < replayed.mean_abs!);
});

test("the two time-sliced parameters fitted on the other checks' H100 pairs predict a check's pairs no better than the H200's do (leave one check out)", (t) => {
  // Session 49: the best grid point over all 93 jobs (switch overhead 0.15, switch-back wait 15 us) gives 4.89 % in
  // sample; each check predicted with the point best on the others, 5.61 % (bias +1.58 %), against the H200's
  // parameters' 5.52 % (5.50 % since session 50's refit with zoo30's pairs). Session 51, with H22's and H22b's 12
  // jobs: the same point, 5.04 % in sample, held out 6.22 % (bias +1.41 %) against the H200's 5.82 %. The H100's
  // time-sliced miss is not a card-wide shift of those two parameters.
  const checks = CHECKS.map((c) => ({ c, naive: c.runs.filter((r) => r.mode === "naive") })).filter(
    (x) => x.naive.length > 0,
  );
  const grid = Array.from({ length: 21 }, (_, i) => i * 0.025).flatMap((overhead) =>
    Array.from({ length: 21 }, (_, i) => ({ switchOverhead: overhead, naiveSwitchBackUs: i * 5 })),
  );
  /** Each check's signed per-job errors at each grid point. */
  const errors = grid.map((params) =>
    checks.map(({ c, naive }) =>
      jobsOf(validateRuns({ ...c.set, sharing: { ...c.set.sharing, ...params } }, naive), "naive").map(
        (j) => j.error_pct!,
      ),
    ),
  );
  const meanAbs = (xs: number[]) => errorStats(xs).mean_abs!;
  /** The grid point best over every check but `held` (none: -1). */
  const best = (held: number) => {
    const score = errors.map((byCheck) => meanAbs(byCheck.filter((_, k) => k !== held).flat()));
    return score.indexOf(Math.min(...score));
  };
  const inSample = errors[best(-1)].flat();
  const heldOut = checks.flatMap((_, k) => errors[best(k)][k]);
  const shipped = checks.flatMap(({ c }) => jobsOf(c.fast, "naive").map((j) => j.error_pct!));
  t.is(heldOut.length, 105);
  const p = grid[best(-1)];
  t.log(
    `in sample (overhead ${p.switchOverhead.toFixed(3)}, wait ${p.naiveSwitchBackUs} us): ${meanAbs(inSample).toFixed(2)} %; ` +
      `held out ${meanAbs(heldOut).toFixed(2)} % (bias ${errorStats(heldOut).mean!.toFixed(2)} %); H200's ${meanAbs(shipped).toFixed(2)} %`,
  );
  t.false(meanAbs(heldOut) < meanAbs(shipped) - 0.5);
});
