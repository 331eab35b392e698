import test from "ava";
import { share } from "../../sim/sharing/index.ts";
import { startedTogetherProfile } from "../../sim/sharing/started-together.ts";
import type { WorkloadProfile } from "../../sim/sharing/types.ts";
import { gpu, params, profile } from "./profiles.ts";

// Many short kernels alone; after autotuning beside co-runners that autotuned too, few long ones (as convnext_nano).
const probed: WorkloadProfile = {
  ...profile("probed", 0.9),
  kernels: { perStep: 2000, exposedPerStep: 0, meanUs: 40, turnUs: 60, largeShare: 0.85 },
  startedTogether: {
    kernels: { perStep: 500, exposedPerStep: 0, meanUs: 160, turnUs: 190, largeShare: 0.97 },
  },
};
const other: WorkloadProfile = {
  ...profile("other", 0.9),
  kernels: { perStep: 800, exposedPerStep: 0, meanUs: 110, turnUs: 110, largeShare: 0.9 },
};

test("a started-together job runs the kernels its probe kept; everything else is its solo profile's", (t) => {
  const together = startedTogetherProfile(probed);
  t.deepEqual(together.kernels, probed.startedTogether!.kernels);
  t.deepEqual({ ...together, kernels: probed.kernels }, probed);
  t.is(startedTogetherProfile(other), other, "a workload never probed keeps its solo kernels");
});

test("under MPS the longer kernels it kept win it more of the GPU from its co-runner", (t) => {
  const p = { ...params, mpsWeightKernel: 0.7 };
  const rates = (a: WorkloadProfile) => share(gpu, { mode: "mps" }, [{ profile: a }, { profile: other }], p);
  const solo = rates(probed).stepsPerSecond;
  const together = rates(startedTogetherProfile(probed)).stepsPerSecond;
  t.true(together[0] > solo[0] * 1.05, `${together[0]} against ${solo[0]}`);
  t.true(together[1] < solo[1] * 0.95, `${together[1]} against ${solo[1]}`);
});
