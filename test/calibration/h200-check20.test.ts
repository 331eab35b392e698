/**
 * Check H20 (docs/calibration.md): H19's launch-heavy loss on models no run had held, and time-sliced pairs traced on
 * one wall-clock time line. Four models (tf_mobilenetv3_small_minimal_100 b32, repghostnet_050 b32, lcnet_075 b128,
 * resnet14t b256; the plan's fifth dropped before any run for want of device time) profiled and time-sliced on one
 * H200 in session 48, with claims C1-C3 written down before its runs (profiler/plans/h100-check20.yaml). Nothing is
 * fitted on them: `calibrate --base h200` builds the set. resnet14t's 64-SM cap was not reached in the call, so it has
 * no profile and its two pairs are measured, not predicted.
 */
import test from "ava";
import { median } from "../../calibration/fit/stats.ts";
import { stretchedKernels, timeLine } from "../../calibration/time-line.ts";
import { cards, jobsOf, kernelsOf, mape, otherGpuCheck, summary } from "./other-gpu-check.ts";

// Session 48 (calibration/data/h200-check-h20): 12.2 % over the 6 predicted time-sliced jobs (bias -5.7 %); the
// lightest job ran faster beside every co-runner than alone.
const DIR = "calibration/data/h200-check-h20";
const check = otherGpuCheck(DIR, "h20");
const { dataset, runs, set, fast } = check;
const LIGHT = "minimal100-in-b32";
const GPU_BOUND = "resnet14t-in-b256";
const busy = (w: string) => set.workloads[w].busyFraction;
/** Exposed launches a millisecond alone. */
const launchRate = (w: string) =>
  (set.workloads[w].kernels?.exposedPerStep ?? 0) / set.workloads[w].stepTimeS / 1000;

/** Each time-sliced job's measured throughput over its workload's solo one, from the runs (predicted or not). */
const speeds = runs
  .filter((r) => r.mode === "naive")
  .flatMap((r) =>
    r.procs.map((p) => {
      const solo = runs.find((s) => s.mode === "exclusive" && s.procs[0].workload === p.workload)!.procs[0];
      return { runId: r.runId, workload: p.workload, speed: p.stepsPerSecond! / solo.stepsPerSecond! };
    }),
  );

test("check H20's runs are one H200's: four solos, three SM caps, five time-sliced pairs", (t) => {
  t.is(runs.length, 12);
  t.deepEqual(cards(runs), ["GPU-b9b4d780-1788-bfda-6b78-6c1e8778b184"]);
  t.is(runs.filter((r) => r.mode === "naive").length, 5);
  // Profiled: three of the four (resnet14t has no SM cap, so no profile).
  t.deepEqual(
    ["lcnet075-in-b128", LIGHT, "repghostnet050-in-b32", GPU_BOUND].map((w) => w in set.workloads),
    [true, true, true, false],
  );
});

test("H20 C1 cannot judge: no workload has 15 exposed launches a millisecond and is busy 0.35-0.60 alone", (t) => {
  const profiled = ["lcnet075-in-b128", LIGHT, "repghostnet050-in-b32"];
  t.log(profiled.map((w) => `${w}: busy ${busy(w).toFixed(2)}, ${launchRate(w).toFixed(1)} a ms`).join("; "));
  t.deepEqual(
    profiled.filter((w) => launchRate(w) >= 15 && busy(w) >= 0.35 && busy(w) <= 0.6),
    [],
  );
  // repghostnet_050, the ghostnet-like one, came out lighter than ghostnet_050 on H19's H100 (busy 0.42).
  t.true(busy("repghostnet050-in-b32") < 0.35 && launchRate("repghostnet050-in-b32") >= 15);
});

test("H20 C2 failed: the light job keeps all its speed beside the GPU-bound resnet14t too, and runs faster than alone beside everyone", (t) => {
  t.true(busy(LIGHT) <= 0.3);
  const light = speeds.filter((s) => s.workload === LIGHT);
  t.log(light.map((s) => `${s.runId}: ${s.speed.toFixed(3)}`).join("; "));
  t.is(light.length, 3);
  // No co-runner is launch-bound and busy 0.45-0.85 (lcnet_075 0.91, repghostnet_050 0.33): that half cannot judge.
  t.true(busy("lcnet075-in-b128") > 0.85 && busy("repghostnet050-in-b32") < 0.45);
  const besideGpuBound = light.find((s) => s.runId.includes(GPU_BOUND))!;
  t.false(besideGpuBound.speed < 0.95);
  t.true(light.every((s) => s.speed > 1));
});

test("H20 C3 failed as written: traced kernels of a time-sliced pair overlap on the wall clock, a kernel switched out keeping its interval open", (t) => {
  const pairs = [...new Set(dataset.iterations.map((i) => i.run_id))].filter((r) => r.startsWith("naive__"));
  t.is(pairs.length, 5);
  const lines = pairs.flatMap((r) => {
    const line = timeLine(r, dataset.kernels, dataset.iterations);
    return line ? [{ r, line }] : [];
  });
  // Two pairs' traces did not meet: one process traced its iterations before the other began.
  t.is(lines.length, 3);
  const share = ({ line }: (typeof lines)[number]) =>
    line.overlapUs / (line.busyUs[0] + line.busyUs[1] - line.overlapUs);
  t.log(
    lines
      .map(
        (l) =>
          `${l.r}: overlap ${(100 * share(l)).toFixed(1)} %, median turns ${l.line.medianStretchUs.map((x) => (x / 1000).toFixed(2)).join(" and ")} ms`,
      )
      .join("; "),
  );
  t.true(lines.every((l) => share(l) > 0.02));
});

test("H20's predicted time-sliced jobs by the shipped set: over 10 % per job, the light jobs predicted too slow", (t) => {
  const jobs = jobsOf(fast, "naive");
  t.is(jobs.length, 6);
  t.log(`time-sliced: ${summary(jobs)}`);
  t.true(mape(jobs) > 10);
  t.true(jobs.filter((j) => j.workload === LIGHT).every((j) => j.error_pct! < -10));
});

test("H20's traces: a kernel switched out waits about 2.5 ms, the slice of a co-runner with work queued; the light job's turns are shorter", (t) => {
  const pair = "naive__repghostnet050-in-b32+resnet14t-in-b256";
  const stretched = (w: string) =>
    stretchedKernels(kernelsOf(check, pair, w), kernelsOf(check, `exclusive__${w}`, w));
  const light = stretched("repghostnet050-in-b32");
  const busyOne = stretched(GPU_BOUND);
  t.log(
    `repghostnet_050: ${light.length} kernels stretched, by ${(median(light) / 1000).toFixed(2)} ms at the median; ` +
      `resnet14t: ${busyOne.length}, by ${(median(busyOne) / 1000).toFixed(2)} ms`,
  );
  // repghostnet_050's kernels run 4 us alone: each stretched one waited out a whole turn of resnet14t's.
  t.true(light.length >= 10 && median(light) > 2000 && median(light) < 3000);
  // resnet14t's waits are repghostnet_050's turns, which end when its queue empties.
  t.true(median(busyOne) < 1000);
});
