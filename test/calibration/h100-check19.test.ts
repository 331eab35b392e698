/**
 * Check H19 (docs/calibration.md): a time-sliced check of the job in the middle, five models no run had held
 * (regnetx_006 b64 and semnasnet_075 b64 meant for the middle, ghostnet_050 b32 light, dla46x_c b64 busy launch-bound,
 * resnet10t b256 GPU-bound), profiled and time-sliced on one H100 in session 48, with claims C1-C3 written down before
 * its runs (profiler/plans/h100-check19.yaml) and form E before them too. Nothing is fitted on them:
 * `calibrate --base h200` builds the set.
 */
import test from "ava";
import {
  besideWorkload,
  bias,
  cards,
  jobsOf,
  mape,
  otherGpuCheck,
  soloShares,
  summary,
} from "./other-gpu-check.ts";

// Session 48 (calibration/data/h100-runs-h19): 10.36 % over 16 time-sliced jobs (bias +5.40 %, max 32.0 %: ghostnet_050
// beside regnetx_006). Form E (docs/calibration.md), fitted as `colloc calibrate` fits it, gave 13.13 % (max 38.1 %):
// worse, so its rule's third condition failed and it stays out of the code.
const { runs, set, fast } = otherGpuCheck("calibration/data/h100-runs-h19", "h19");
const naive = jobsOf(fast, "naive");
const LIGHT = "ghostnet050-in-b32";
const busy = (w: string) => set.workloads[w].busyFraction;

test("check H19's runs are one H100's: five solos, five SM caps, eight time-sliced pairs", (t) => {
  t.is(runs.length, 18);
  t.deepEqual(cards(runs), ["GPU-87407715-7466-2525-4bd3-4e4da9c48a3a"]);
  t.is(runs.filter((r) => r.mode === "naive").length, 8);
  t.is(naive.length, 16);
});

test("H19 C1 held: the middle model's jobs are predicted too fast beside the lighter co-runner and the busier ones", (t) => {
  // Only regnetx_006 is busy 0.40-0.70 alone on this card; semnasnet_075 came out busier than meant.
  const middle = ["regnetx006-in-b64", "semnasnet075-in-b64"].filter((w) => busy(w) >= 0.4 && busy(w) <= 0.7);
  t.deepEqual(middle, ["regnetx006-in-b64"]);
  t.true(busy("semnasnet075-in-b64") > 0.7);
  const jobs = naive.filter((j) => middle.includes(j.workload));
  t.is(jobs.length, 3);
  t.log(jobs.map((j) => `${j.run_id}: ${j.error_pct!.toFixed(1)} %`).join("; "));
  const tooFast = jobs.filter((j) => j.error_pct! > 0);
  t.true(tooFast.length / jobs.length >= 5 / 6);
  // On each side: beside the lighter ghostnet_050 and beside both busier co-runners.
  for (const other of [LIGHT, "dla46xc-in-b64", "resnet10t-in-b256"])
    t.true(tooFast.some((j) => j.run_id.includes(other)));
});

test("H19 C2 cannot judge: ghostnet_050 is busy over 0.35 of its step alone, and it loses most, whoever its co-runner", (t) => {
  t.log(`ghostnet_050 busy ${busy(LIGHT).toFixed(2)} alone`);
  t.true(busy(LIGHT) > 0.35);
  const light = naive.filter((j) => j.workload === LIGHT);
  t.is(light.length, 4);
  const shares = soloShares(fast, light);
  t.log(shares.map((s) => `${s.measured.toFixed(2)} (${s.predicted.toFixed(2)})`).join(", "));
  // It kept 0.69-0.73 of its solo speed beside each co-runner, launch-bound or GPU-bound, where 0.91-0.92 was
  // predicted. Its co-runners busy over 0.7 alone kept more than predicted; regnetx_006, the middle one, less.
  t.true(shares.every((s) => s.measured < 0.75 && s.predicted > 0.9));
  const partners = besideWorkload(naive, LIGHT);
  t.log(partners.map((j) => `${j.workload} ${j.error_pct!.toFixed(1)} %`).join(", "));
  t.true(partners.every((j) => (busy(j.workload) > 0.7 ? j.error_pct! < -5 : j.error_pct! > 0)));
});

test("H19's time-sliced jobs by the shipped set: over 10 % per job, leaning too fast", (t) => {
  t.log(`time-sliced: ${summary(naive)}`);
  t.true(mape(naive) > 10);
  t.true(bias(naive) > 0);
});
