/**
 * Check H18 (docs/calibration.md): a time-sliced check of jobs that leave the GPU idle most of their step, four models
 * no run had held (lcnet_035 b64, mobilenetv3_small_075 b32 and tinynet_e b64, light; dla60 b64, busy), profiled and
 * time-sliced on one H100 in session 47, with claims C1-C2 written down before its runs
 * (profiler/plans/h100-check18.yaml). Nothing is fitted on them: `calibrate --base h200` builds the set.
 */
import test from "ava";
import {
  besideWorkload,
  bias,
  cards,
  errors,
  jobsOf,
  mape,
  otherGpuCheck,
  summary,
} from "./other-gpu-check.ts";

// Session 47 (calibration/data/h100-runs-h18): 6.74 % over 17 time-sliced jobs (bias +2.41 %, max 21.0 %: tinynet_e
// beside mobilenetv3_small_075). Form C, the rule's C2, gave 6.66 % (bias +4.05 %, max 18.1 %) with the same sharing
// parameters (its refit of the H200 runs moves none), 0.08 point below: under C2's 0.5, so it was not kept.
const { runs, set, fast } = otherGpuCheck("calibration/data/h100-runs-h18", "h18");

/** The busy co-runner of the light jobs. */
const BUSY = "dla60-in-b64";

test("check H18's runs are one H100's: four solos, eight SM caps, eight time-sliced mixes", (t) => {
  t.is(runs.length, 20);
  t.deepEqual(cards(runs), ["GPU-5c31ed74-0155-841a-dc76-507d9b60bd07"]);
  t.is(runs.filter((r) => r.mode === "naive").length, 8);
});

test("H18 C1 failed: the light jobs beside dla60 are predicted too fast, not too slow", (t) => {
  const light = besideWorkload(jobsOf(fast, "naive"), BUSY);
  t.is(light.length, 3);
  t.log(`light jobs beside dla60: ${summary(light)}`);
  t.true(bias(light) > 0);
});

test("H18 C2 (a) held: mobilenetv3_small_075 asks for less than an equal share of a pair's GPU time, so form C spares it", (t) => {
  const capacity = 1 / (1 + set.sharing.switchOverhead);
  const light = "mobilenetv3small075-in-b32";
  t.log(
    `busy alone ${set.workloads[light].busyFraction.toFixed(2)}, half the capacity ${(capacity / 2).toFixed(2)}`,
  );
  t.true(set.workloads[light].busyFraction < capacity / 2);
});

test("H18's time-sliced jobs by the shipped set: over 3 % per job, the split between launch-bound co-runners wrong both ways", (t) => {
  const jobs = jobsOf(fast, "naive");
  t.is(jobs.length, 17);
  t.log(`time-sliced: ${summary(jobs)}`);
  t.true(mape(jobs) > 3);
  t.true(Math.max(...errors(jobs)) <= 25);
  // Beside each other, the lighter keeps more of its solo speed than predicted and the busier less.
  const pair = jobs.filter((j) => j.run_id === "naive__mobilenetv3small075-in-b32+tinynete-in-b64");
  const by = (w: string) => pair.find((j) => j.workload === w)!.error_pct!;
  t.true(by("mobilenetv3small075-in-b32") < -5 && by("tinynete-in-b64") > 5);
});
