import test from "ava";
import { share } from "../../sim/sharing/index.ts";
import { startupProfile } from "../../sim/sharing/startup.ts";
import { gpu, params, profile } from "./profiles.ts";
import { near } from "../helpers/near.ts";

/** Model figures against their closed forms, relative to their size (absolute below 1). */
const CLOSE = { relative: 1e-6, absolute: 1e-6 };

/** A busy workload whose fresh job takes 2 s to start, keeping the GPU busy a fifth of that time (0.4 s). */
const trainer = { ...profile("trainer", 1), startupS: 2, startupBusyFraction: 0.2 };
const phaseOf = (p = trainer) => startupProfile(p, params.idlePowerW)!;

test("a start-up phase lasts startupS alone, busy its own fraction, with power above idle scaled to match", (t) => {
  const phase = phaseOf();
  t.is(phase.stepTimeS, 2);
  t.is(phase.busyFraction, 0.2);
  t.deepEqual(phase.startupPhase, { buildS: 0 });
  // Training draws 300 W above idle while busy all the time; start-up a fifth of that.
  t.true(near(phase.powerW, params.idlePowerW + 60, CLOSE));
  const alone = share(gpu, { mode: "exclusive" }, [{ profile: phase }], params);
  t.true(near(alone.stepsPerSecond[0], 0.5, CLOSE));
});

test("a workload without a measured start-up has no start-up phase", (t) => {
  t.is(startupProfile(profile("plain", 1), params.idlePowerW), undefined);
});

test("on fewer SMs a start-up's GPU part stretches as the workload's training kernels do", (t) => {
  // The trainer's kernels take twice as long on half the SMs, so the phase's 0.4 GPU seconds become 0.8.
  const capped = share(gpu, { mode: "mps" }, [{ profile: phaseOf(), smLimit: 50 }], params);
  t.true(near(capped.stepsPerSecond[0], 1 / 2.4, CLOSE));
  const training = share(gpu, { mode: "mps" }, [{ profile: trainer, smLimit: 50 }], params);
  t.true(near(training.stepsPerSecond[0], 1 / 0.2, CLOSE));
});

test("naive: a starting job waits out its co-runners' slices in proportion to their demand, and takes little", (t) => {
  const runners = [{ profile: phaseOf() }, { profile: trainer }];
  const result = share(gpu, { mode: "naive" }, runners, { ...params, startupWait: 1.5 });
  // The trainer has kernels queued all the time (demand 1): the start-up waits 1.5 of its 2 s, 5 s in all.
  t.true(near(result.stepsPerSecond[0], 1 / 5, CLOSE));
  // Spread over 5 s its 0.4 GPU seconds ask for 0.08 of the GPU; the trainer gets the rest.
  t.true(near(result.stepsPerSecond[1] * trainer.stepTimeS, 0.92, CLOSE));
  const noWait = share(gpu, { mode: "naive" }, runners, params);
  t.true(near(noWait.stepsPerSecond[0], 0.5, CLOSE), "without the wait it keeps its solo pace");
});

test("naive: a workload's measured wait replaces the general one, and a launch-bound co-runner counts less", (t) => {
  const measured = phaseOf({ ...trainer, startupWaitS: 2.5 });
  const halfBusy = profile("half-busy", 0.5);
  const beside = (other: typeof trainer | typeof halfBusy) =>
    share(gpu, { mode: "naive" }, [{ profile: measured }, { profile: other }], {
      ...params,
      startupWait: 1.5,
    }).stepsPerSecond[0];
  t.true(near(beside(trainer), 1 / (2 + 2.5), CLOSE));
  t.true(near(beside(halfBusy), 1 / (2 + 0.5 * 2.5), CLOSE));
});

test("mps: a start-up's autotuning waits for co-runners' kernels, its model build does not", (t) => {
  const building = phaseOf({ ...trainer, startupBuildS: 0.5 });
  t.deepEqual(building.startupPhase, { buildS: 0.5 });
  const result = share(gpu, { mode: "mps" }, [{ profile: building }, { profile: trainer }], {
    ...params,
    mpsStartupWait: 0.5,
  });
  // 1.5 s of trials beside a co-runner with kernels all the time: 0.5 * 1.5 s longer.
  t.true(near(result.stepsPerSecond[0], 1 / 2.75, CLOSE));
});

test("mps: a starting job barely slows a co-runner, which a training co-runner slows by more than a third", (t) => {
  const starting = share(gpu, { mode: "mps" }, [{ profile: phaseOf() }, { profile: trainer }], params);
  const training = share(gpu, { mode: "mps" }, [{ profile: trainer }, { profile: trainer }], params);
  t.true(starting.stepsPerSecond[1] * trainer.stepTimeS > 0.75);
  // Training, each holds 0.8 of the GPU's capacity while it runs: half the capacity each, a pace of 0.5 / 0.8.
  t.true(near(training.stepsPerSecond[1] * trainer.stepTimeS, 0.625, { relative: 1e-3, absolute: 1e-3 }));
});
