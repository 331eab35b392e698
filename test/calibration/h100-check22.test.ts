/**
 * Check H22 (docs/calibration.md): does a profile of three solo processes, as `python -m profiler characterize`
 * records since session 49, predict launch-bound jobs better than one of a single process? Four models no run had
 * held (ghostnet_130 b32, hardcorenas_b b64, regnetx_008 b64, resnet18d b256), each alone traced and twice more
 * untraced, at a 64-SM cap, then four time-sliced and three plain-MPS pairs; claims C1-C3 written down in session 49,
 * before its runs (profiler/plans/h100-check22.yaml), recorded in session 51. Nothing is fitted on them: `calibrate
 * --base h200` builds both sets.
 */
import test from "ava";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { LAUNCH_BOUND_BUSY } from "../../calibration/fit/profiles.ts";
import { errorStats } from "../../calibration/validate/summary.ts";
import { cards, jobsOf, mape, otherGpuCheck, spread, summary, type Job } from "./other-gpu-check.ts";

const DIR = "calibration/data/h100-runs-h22";
const three = otherGpuCheck(DIR, "h22");
// The same folder without the untraced repeats: each profile from its traced solo alone, as before session 49.
const one = otherGpuCheck(
  readdirSync(DIR)
    .filter((f) => f.includes("__") && !/__r\d+$/.test(f))
    .map((f) => join(DIR, f)),
  "h22-one",
);
const GPU_BOUND = "resnet18d-in-b256";
const GHOSTNET = "ghostnet130-in-b32";
const launchBound = Object.values(three.set.workloads)
  .filter((w) => w.busyFraction < LAUNCH_BOUND_BUSY)
  .map((w) => w.id);

/** The mixes' jobs (time-sliced and plain MPS) of `workloads`, by the default MPS model (the blend). */
const mixJobs = (check: typeof three, workloads: string[]): Job[] =>
  ["naive", "mps"].flatMap((m) => jobsOf(check.blend(), m)).filter((j) => workloads.includes(j.workload));

/** Each workload's solo throughputs (steps a second) over its three fresh processes. */
const soloSpeeds = (w: string) =>
  ["", "__r1", "__r2"].map(
    (r) => three.runs.find((run) => run.runId === `exclusive__${w}${r}`)!.procs[0].stepsPerSecond!,
  );

test("check H22's runs are one H100's: twelve solos, four SM caps, four time-sliced and three MPS pairs; two workloads launch-bound", (t) => {
  const { runs, set } = three;
  t.is(runs.length, 23);
  t.deepEqual(cards(runs), ["GPU-cec4d4da-73f2-6891-0273-79e1bb645025"]);
  t.is(runs.filter((r) => r.mode === "naive").length, 4);
  t.is(runs.filter((r) => r.mode === "mps").length, 3);
  t.log(
    Object.values(set.workloads)
      .map((w) => `${w.id} busy ${w.busyFraction.toFixed(2)}`)
      .join(", "),
  );
  // hardcorenas_b, meant for the middle, came out busy 0.70 of its step: just over the launch-bound line.
  t.deepEqual(launchBound.sort(), [GHOSTNET, "regnetx008-in-b64"]);
});

test("H22 C1 failed: over the launch-bound workloads' jobs in the mixes, three-process profiles are better per job, but by under 1 point", (t) => {
  // Session 51: 6.46 % against 7.26 % over 7 jobs (0.80 point); both lean too fast (+5.6 and +5.8 %), ghostnet_130's
  // two time-sliced jobs +20 % by either.
  const [by3, by1] = [three, one].map((c) => mixJobs(c, launchBound));
  t.is(by3.length, 7);
  t.is(by3.length, by1.length);
  t.log(`launch-bound ${launchBound.join(", ")}: three processes ${summary(by3)}, one ${summary(by1)}`);
  t.true(mape(by3) < mape(by1));
  t.false(mape(by3) <= mape(by1) - 1);
});

test("H22 C2 failed: regnetx_008's three solos spread by over 5 % and resnet18d's by under 2 %, but ghostnet_130's by under 5 %", (t) => {
  // Session 51: ghostnet_130 1.8 %, regnetx_008 6.5 %, resnet18d 0.3 %. ghostnet_130, the lightest (busy 0.41), drew
  // nearly one speed three times where H21c's light jobs spread 14-23 % autotuned.
  const spreads = new Map([...launchBound, GPU_BOUND].map((w) => [w, spread(soloSpeeds(w))] as const));
  t.log([...spreads].map(([w, s]) => `${w} ${(100 * s).toFixed(1)} %`).join(", "));
  t.true(spreads.get("regnetx008-in-b64")! > 0.05);
  t.true(spreads.get(GPU_BOUND)! <= 0.02);
  t.false(spreads.get(GHOSTNET)! > 0.05);
});

test("H22 C3 failed: plain MPS within 8 % per job, but time-sliced jobs over 5 %, ghostnet_130 about 20 % too fast beside either co-runner", (t) => {
  // Session 51: time-sliced 8.01 % over 8 jobs (bias +3.66 %), ghostnet_130 +20.0 % beside hardcorenas_b and +20.6 %
  // beside resnet18d, the rest within 10 %; plain MPS by the blend 2.51 % over 6 (worst hardcorenas_b -7.4 %).
  const [naive, mps] = ["naive", "mps"].map((m) => jobsOf(three.blend(), m));
  t.is(naive.length, 8);
  t.is(mps.length, 6);
  t.log(`time-sliced ${summary(naive)}; plain MPS (blend) ${summary(mps)}`);
  t.true(mape(mps) <= 8);
  t.false(mape(naive) <= 5);
  const ghostnet = naive.filter((j) => j.workload === GHOSTNET);
  t.is(ghostnet.length, 2);
  t.true(ghostnet.every((j) => j.error_pct! > 15));
});

test("H22's time-sliced jobs replayed kernel by kernel: ghostnet_130 within 6 %, the replay closer than the fast model (looked at after the verdicts)", (t) => {
  // Session 51, for the record: replay 3.63 % over 8 jobs against the fast model's 8.01 %; ghostnet_130 +4.9 and
  // +5.8 % by the replay. H19's ghostnet_050 was the fast model's worst time-sliced job on an H100 too (+32 %).
  const jobs = three.naiveReplay();
  t.is(jobs.length, 8);
  const [fast, replayed] = [jobs.map((j) => j.fast), jobs.map((j) => j.replay)].map(errorStats);
  t.log(`fast ${fast.mean_abs!.toFixed(2)} %, replay ${replayed.mean_abs!.toFixed(2)} %`);
  t.true(replayed.mean_abs! < fast.mean_abs!);
  t.true(jobs.filter((j) => j.workload === GHOSTNET).every((j) => Math.abs(j.replay) < 6));
});
