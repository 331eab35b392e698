import { dramWhileBusy } from "../../sim/sharing/index.ts";
import test from "ava";
import { resolveSetDir } from "../../calibration/set.ts";
import { TIME_SLICE_S } from "../../sim/replay/index.ts";
import { loadTraces } from "../../calibration/traces.ts";
import { evaluate } from "../../explore/model/evaluate.ts";
import { job, makeState, type ExploreState, type Mode } from "../../explore/model/state.ts";
import { MAX_BINS, MIN_BINS, WINDOW_S, deviceTimelines, phasedTrace } from "../../explore/model/timeline.ts";
import { migProfile } from "../../sim/hardware/index.ts";
import { replay } from "../../sim/replay/index.ts";
import { contextOf, H200, R152, R26, R26_SMALL, SET } from "./fixture.ts";
import { near } from "../helpers/near.ts";

const SUMMED = { absolute: 1e-9 };

const traces = loadTraces(resolveSetDir("h200")).solo;
const context = contextOf(H200.name);
const timelinesOf = (state: ExploreState) =>
  deviceTimelines(evaluate(state, context).devices, traces, SET.sharing, TIME_SLICE_S, H200.sms);

for (const mode of ["naive", "mps", "mps-partitioned"] as Mode[]) {
  test(`${mode}: the bins add up to what sim/replay reports over the whole window`, (t) => {
    const state = makeState(H200.name, mode, [job(R26), job(R26_SMALL, 40)]);
    const device = evaluate(state, context).devices[0];
    const [timeline] = timelinesOf(state);
    const jobs = device.coRunners.map((c, i) => ({
      trace: phasedTrace(traces.get(c.profile.id)!, i / device.coRunners.length),
      smLimit: c.smLimit,
      dramUtil: dramWhileBusy(c.profile),
    }));
    const whole = replay(jobs, {
      mode: mode === "naive" ? "naive" : "mps",
      sms: H200.sms,
      params: SET.sharing,
      durationS: WINDOW_S,
      timeSliceS: TIME_SLICE_S,
    });
    const bins = timeline!.smsInUse.length;
    t.true(bins >= MIN_BINS && bins <= MAX_BINS);
    const smSeconds = timeline!.smsInUse.reduce((s, x) => s + x * timeline!.binS, 0);
    t.true(near(smSeconds / (H200.sms * WINDOW_S), whole.smActivity, SUMMED));
    const busy = timeline!.busy.reduce((s, x) => s + x * timeline!.binS, 0);
    t.true(near(busy / WINDOW_S, whole.utilization, SUMMED));
    timeline!.jobs.forEach((j, i) => {
      const kernels = j.finished.reduce((s, n) => s + n, 0);
      t.is(kernels, Math.round(whole.stepsPerSecond[i] * WINDOW_S * jobs[i].trace.kernels.length));
      t.true(kernels > 0);
    });
  });
}

test("a MIG instance replays its job on the whole GPU's SMs capped at the instance's, as notebook 4 does", (t) => {
  const one = migProfile(H200, "1g.18gb");
  const state = makeState(H200.name, "mig", [job(R26)], { layout: [{ profileId: one.id, start: 0 }] });
  const [timeline] = timelinesOf(state);
  const capped = replay([{ trace: traces.get(R26)!, smLimit: one.sms }], {
    mode: "mps",
    sms: H200.sms,
    params: SET.sharing,
    durationS: WINDOW_S,
    timeSliceS: TIME_SLICE_S,
  });
  t.is(timeline!.sms, one.sms);
  const kernels = timeline!.jobs[0].finished.reduce((s, n) => s + n, 0);
  t.is(kernels, Math.round(capped.stepsPerSecond[0] * WINDOW_S * traces.get(R26)!.kernels.length));
  t.true(Math.max(...timeline!.smsInUse) <= one.sms + 1e-9, "never more SMs than the instance has");
});

test("more kernels in the window make fewer, wider bins; the same setup always gets the same", (t) => {
  const light = timelinesOf(makeState(H200.name, "naive", [job(R26), job(R26)]))[0]!;
  const heavy = timelinesOf(
    makeState(
      H200.name,
      "mps",
      Array.from({ length: 7 }, () => job(R26_SMALL)),
    ),
  )[0]!;
  t.is(light.smsInUse.length, MAX_BINS);
  t.true(heavy.smsInUse.length < light.smsInUse.length);
  t.deepEqual(
    timelinesOf(
      makeState(
        H200.name,
        "mps",
        Array.from({ length: 7 }, () => job(R26_SMALL)),
      ),
    )[0],
    heavy,
  );
});

test("time-slicing leaves bins in which no SM works (context switches); MPS on the same jobs does not", (t) => {
  const [naive] = timelinesOf(makeState(H200.name, "naive", [job(R26), job(R26)]));
  const [mps] = timelinesOf(makeState(H200.name, "mps", [job(R26), job(R26)]));
  t.true(naive!.smsInUse.some((x) => x === 0));
  t.false(mps!.smsInUse.some((x) => x === 0));
});

test("jobs out of memory are left out of the replay; a job without a trace leaves no timeline", (t) => {
  const state = makeState(
    H200.name,
    "mps",
    Array.from({ length: 7 }, () => job(R152)),
  );
  const device = evaluate(state, context).devices[0];
  t.deepEqual(
    timelinesOf(state)[0]!.jobs.map((j) => j.job),
    device.jobs.filter((_, k) => !device.result.oom[k]),
  );
  t.deepEqual(deviceTimelines([device], new Map(), SET.sharing, TIME_SLICE_S, H200.sms), [null]);
});

test("a phased trace is the same step seen from later in it: the same kernels, launches in order within the step", (t) => {
  const trace = traces.get(R26_SMALL)!;
  const half = phasedTrace(trace, 0.5);
  t.is(half.kernels.length, trace.kernels.length);
  t.is(half.stepS, trace.stepS);
  const durations = (x: typeof trace) => x.kernels.map((k) => k.durS).sort((a, b) => a - b);
  t.deepEqual(durations(half), durations(trace));
  t.true(
    half.kernels.every(
      (k, i) =>
        k.launchS >= 0 && k.launchS <= trace.stepS && (i === 0 || k.launchS >= half.kernels[i - 1].launchS),
    ),
  );
  t.is(phasedTrace(trace, 0), trace);
});
