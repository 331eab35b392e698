import test from "ava";
import { share } from "../../sim/sharing/index.ts";
import { startupProfile } from "../../sim/sharing/startup.ts";
import { gpu, params, profile } from "./profiles.ts";

const close = (a: number, b: number, tolerance = 1e-6) =>
  Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(b));

/** A busy workload whose fresh job takes 2 s to start, keeping the GPU busy a fifth of that time. */
const trainer = { ...profile("trainer", 1), startupS: 2, startupBusyFraction: 0.2 };

test("a start-up phase lasts startupS alone, busy its own fraction, with power above idle scaled to match", (t) => {
  const phase = startupProfile(trainer, params.idlePowerW)!;
  t.is(phase.stepTimeS, 2);
  t.is(phase.busyFraction, 0.2);
  t.is(phase.syncBoundS, 2);
  // Training draws 300 W above idle while busy all the time; start-up a fifth of that.
  t.true(close(phase.powerW, params.idlePowerW + 60));
  const alone = share(gpu, { mode: "exclusive" }, [{ profile: phase }], params);
  t.true(close(alone.stepsPerSecond[0], 0.5));
});

test("a workload without a measured start-up has no start-up phase", (t) => {
  t.is(startupProfile(profile("plain", 1), params.idlePowerW), undefined);
});

test("naive: a starting job takes only its busy fraction of the GPU, and waits out its co-runner's slices", (t) => {
  const phase = startupProfile(trainer, params.idlePowerW)!;
  const runners = [{ profile: phase }, { profile: trainer }];
  const result = share(gpu, { mode: "naive" }, runners, { ...params, startupWait: 1.5 });
  // Shares: 0.2 for the start-up, 0.8 for the trainer; the start-up stretches by 1 + 1.5 * 0.8 = 2.2.
  t.true(close(result.stepsPerSecond[1], 0.8 / 0.1));
  t.true(close(result.stepsPerSecond[0], 1 / (2 * 2.2)));
  const noWait = share(gpu, { mode: "naive" }, runners, params);
  t.true(close(noWait.stepsPerSecond[0], 0.5), "without the wait it keeps its solo pace");
});

test("naive: a start-up's model build (host only) does not wait for co-runners' time slices", (t) => {
  const building = startupProfile({ ...trainer, startupBuildS: 0.5 }, params.idlePowerW)!;
  t.is(building.syncBoundS, 1.5);
  const runners = [{ profile: building }, { profile: trainer }];
  const result = share(gpu, { mode: "naive" }, runners, { ...params, startupWait: 1.5 });
  // 0.5 s of build, then 1.5 s of trials stretched by 2.2.
  t.true(close(result.stepsPerSecond[0], 1 / (0.5 + 1.5 * 2.2)));
});

test("mps: a starting job barely slows a co-runner, which a training co-runner slows by more than a third", (t) => {
  const phase = startupProfile(trainer, params.idlePowerW)!;
  const starting = share(gpu, { mode: "mps" }, [{ profile: phase }, { profile: trainer }], params);
  const training = share(gpu, { mode: "mps" }, [{ profile: trainer }, { profile: trainer }], params);
  t.true(starting.stepsPerSecond[1] * trainer.stepTimeS > 0.75);
  // Training, each holds 0.8 of the GPU's capacity while it runs: half the capacity each, a pace of 0.5 / 0.8.
  t.true(close(training.stepsPerSecond[1] * trainer.stepTimeS, 0.625, 1e-3));
});
