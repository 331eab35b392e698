import test from "ava";
import { replayRun } from "../../calibration/replay-run.ts";
import { loadCalibrationSet, resolveSetDir } from "../../calibration/set.ts";
import { loadTraces } from "../../calibration/traces.ts";
import type { SharingMode } from "../../sim/sharing/types.ts";

const set = loadCalibrationSet("h200");
const traces = loadTraces(resolveSetDir("h200"));
// convnext_nano's probe kept other algorithms (516 kernels a step against 2,267 alone).
const PROBED = "convnextnano-in-b128";
const PARTNER = "vgg13-in-b64";

const replayed = (mode: SharingMode, startedTogether: boolean, workloads = [PROBED, PARTNER]) =>
  replayRun(set, traces, {
    source: "test",
    gpu: set.gpu.name,
    mode,
    processes: workloads.map((workload) => ({ workload })),
    startedTogether,
  }).stepsPerSecond;

test("the set carries a started-together step for each probed workload, with the probe's kernels", (t) => {
  t.true(traces.startedTogether.has(PROBED));
  t.not(traces.startedTogether.get(PROBED)!.kernels.length, traces.solo.get(PROBED)!.kernels.length);
  for (const w of traces.startedTogether.keys()) t.truthy(set.workloads[w].startedTogether, w);
});

test("an MPS job started together replays its probe's step, one started alone its solo step", (t) => {
  t.notDeepEqual(replayed("mps", true), replayed("mps", false));
});

test("time-slicing replays solo steps whether or not the jobs started together", (t) => {
  t.deepEqual(replayed("naive", true), replayed("naive", false));
});

test("an unprobed workload replays its solo step when started together", (t) => {
  const unprobed = ["resnet50-i64-b128", "resnet152-in-b32"];
  t.false(unprobed.some((w) => traces.startedTogether.has(w)));
  t.deepEqual(replayed("mps", true, unprobed), replayed("mps", false, unprobed));
});

test("every traced workload replayed alone steps at its profile's step time", (t) => {
  // Kernels of several streams that ran at once count once (traceFromKernels): taken whole, convnext_nano's replayed
  // 6.5 % slower than it trains, sequencer2d_s's 10.4 %.
  const off = [...traces.solo.keys()]
    .map((w) => ({ w, ratio: replayed("mps", false, [w])[0] * set.workloads[w].stepTimeS }))
    .filter(({ ratio }) => Math.abs(ratio - 1) > 0.001);
  t.true(traces.solo.size > 100);
  t.deepEqual(off, []);
});
