import test from "ava";
import {
  blendMps,
  BLEND_RAMP_US,
  replay,
  replayLength,
  replayMps,
  replayWeight,
  TIME_SLICE_S,
  type JobTrace,
} from "../../sim/replay/index.ts";
import { share, type CoRunner, type MigInstanceView } from "../../sim/sharing/index.ts";
import { gpu, params, profile } from "../sharing/profiles.ts";

/** Ten 5 ms kernels on `demand` of the test GPU's 100 SMs, back to back: 0.05 s of kernels in a 0.1 s step. */
function trace(workload: string, demand: number): JobTrace {
  const kernels = Array.from({ length: 10 }, (_, i) => ({
    launchS: i * 0.005,
    durS: 0.005,
    smDemand: demand,
    memoryBound: false,
  }));
  return { workload, stepS: 0.1, kernels };
}

const traces = {
  solo: new Map([
    ["a", trace("a", 100)],
    ["b", trace("b", 60)],
  ]),
  startedTogether: new Map(),
};
const model = replayMps(traces);
const mps = { mode: "mps" as const };
const a: CoRunner = { profile: profile("a", 0.5) };
const b: CoRunner = { profile: profile("b", 0.5) };

test("two uncapped traced jobs under MPS step as the kernel-level replay of their traces says", (t) => {
  const replayed = replay([{ trace: traces.solo.get("a")! }, { trace: traces.solo.get("b")! }], {
    mode: "mps",
    sms: gpu.sms,
    params,
    durationS: replayLength([0.1, 0.1]),
    timeSliceS: TIME_SLICE_S,
  });
  t.deepEqual(share(gpu, mps, [a, b], params, model).stepsPerSecond, replayed.stepsPerSecond);
  t.notDeepEqual(share(gpu, mps, [a, b], params).stepsPerSecond, replayed.stepsPerSecond);
});

test("the fast model answers for a job alone, a capped job, one starting up, one without a trace, and MIG", (t) => {
  const fast = (co: CoRunner[], setup = mps as Parameters<typeof share>[1]) =>
    t.deepEqual(share(gpu, setup, co, params, model), share(gpu, setup, co, params));
  fast([a]);
  fast([a, { ...b, smLimit: 40 }]);
  fast([a, { profile: { ...b.profile, startupPhase: { buildS: 0.5 } } }]);
  fast([a, { profile: profile("untraced", 0.5) }]);
  const instance: MigInstanceView = { profile: "4g", sms: 56, memoryBytes: 50e9, bandwidthShare: 0.5 };
  fast([a, b], { mode: "mig", instance, inside: "mps" });
});

test("blend: the geometric mean of the fast model's and the replay's rates where the replay answers and kernels are short", (t) => {
  const blend = blendMps(traces);
  const fast = share(gpu, mps, [a, b], params).stepsPerSecond;
  const replayed = share(gpu, mps, [a, b], params, model).stepsPerSecond;
  const blended = share(gpu, mps, [a, b], params, blend).stepsPerSecond;
  blended.forEach((r, i) => t.true(Math.abs(r - Math.sqrt(fast[i] * replayed[i])) < 1e-12 * r));
  // Where the replay declines (a capped job), the fast model answers alone.
  const capped = [a, { ...b, smLimit: 40 }];
  t.deepEqual(share(gpu, mps, capped, params, blend), share(gpu, mps, capped, params));
});

/** `runner` whose solo kernels average `meanUs`. */
const withMeanKernel = (runner: CoRunner, meanUs: number): CoRunner => ({
  profile: {
    ...runner.profile,
    kernels: { perStep: 10, exposedPerStep: 0, meanUs, turnUs: meanUs, largeShare: 1 },
  },
});

test("blend: the replay's weight rises from 1/2 to 1 as the mix's longest mean kernel crosses the ramp", (t) => {
  const [from, to] = BLEND_RAMP_US;
  t.is(replayWeight([a, b]), 0.5); // no kernel figures: even
  t.is(replayWeight([withMeanKernel(a, from), b]), 0.5);
  t.is(replayWeight([a, withMeanKernel(b, (from + to) / 2)]), 0.75);
  t.is(replayWeight([withMeanKernel(a, 50), withMeanKernel(b, 10 * to)]), 1);

  const blend = blendMps(traces);
  const long = [a, withMeanKernel(b, to)];
  t.deepEqual(
    share(gpu, mps, long, params, blend).stepsPerSecond,
    share(gpu, mps, long, params, model).stepsPerSecond,
  );
  const halfway = [a, withMeanKernel(b, (from + to) / 2)];
  const fast = share(gpu, mps, halfway, params).stepsPerSecond;
  const replayed = share(gpu, mps, halfway, params, model).stepsPerSecond;
  share(gpu, mps, halfway, params, blend).stepsPerSecond.forEach((r, i) =>
    t.true(Math.abs(r - replayed[i] ** 0.75 * fast[i] ** 0.25) < 1e-12 * r),
  );
});
