import test from "ava";
import { simulate } from "../../../sim/cluster/engine.ts";
import type { ShareFn } from "../../../sim/cluster/share-memo.ts";
import { gpus, input, startGpus, tinyShare } from "../fixtures.ts";

/** Co-runners slow down only once their busy fractions add up past 1: light jobs pair well, heavy ones do not. */
const busyShare: ShareFn = (gpu, setup, coRunners) => {
  const load = Math.max(
    1,
    coRunners.reduce((s, c) => s + c.profile.busyFraction, 0),
  );
  return {
    ...tinyShare(gpu, setup, coRunners),
    stepsPerSecond: coRunners.map((c) => 1 / (c.profile.stepTimeS * load)),
  };
};

const job = (id: string, arrival_s: number, workload: string) => ({
  id,
  arrival_s,
  workload,
  iterations: 1000,
});

test("a job joins the co-runners that slow everyone least", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "mps" }, 2),
      // large (busy 0.9) + small (0.3) load a GPU to 1.2 > 1.1, so s1 takes GPU 1; two smalls (0.6) do not slow.
      jobs: { list: [job("l", 0, "large"), job("s1", 0, "small"), job("s2", 1, "small")] },
      scheduler: { policy: "interference-aware", params: { max_slowdown: 1.1 } },
    }),
    { share: busyShare },
  );
  t.deepEqual(startGpus(run), [0, 1, 1]);
});

test("when every set would exceed the slowdown bound, the job takes an idle GPU", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "mps" }, 2),
      jobs: { list: [job("l", 0, "large"), job("l2", 1, "large")] },
      scheduler: { policy: "interference-aware", params: { max_slowdown: 1.5 } },
    }),
    { share: busyShare },
  );
  // Two large jobs together load the GPU to 1.8 > 1.5.
  t.deepEqual(startGpus(run), [0, 1]);
});
