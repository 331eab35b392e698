import test from "ava";
import { simulate } from "../../../sim/cluster/engine.ts";
import { gpus, input, job, startGpus, tinyShare } from "../fixtures.ts";

test("MPS packing fills the first GPU up to the co-runner cap, then the next", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "mps" }, 2),
      jobs: { list: [job("a", 0, "small", 10), job("b", 0, "small", 10), job("c", 0, "small", 10)] },
      scheduler: { policy: "mps-pack", params: { max_co_runners: 2 } },
    }),
    { share: tinyShare },
  );
  t.deepEqual(startGpus(run), [0, 0, 1]);
  // a and b share GPU 0 at half speed; c is alone on GPU 1.
  t.deepEqual(Array.from(run.jobs.end), [20, 20, 10]);
});

test("an MPS server's client limit (max_clients) caps co-runners below the policy's cap", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "mps", max_clients: 2 }, 2),
      jobs: { list: [job("a", 0, "small", 10), job("b", 0, "small", 10), job("c", 0, "small", 10)] },
      scheduler: { policy: "mps-pack", params: { max_co_runners: 3 } },
    }),
    { share: tinyShare },
  );
  t.deepEqual(startGpus(run), [0, 0, 1]);
});

test("the memory check keeps a job off a GPU its footprint does not fit beside the others", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "naive" }, 1),
      jobs: { list: [job("a", 0, "large", 10), job("b", 0, "huge", 10)] },
      scheduler: { policy: "naive-pack" },
    }),
    { share: tinyShare },
  );
  // 60 GB + 100 GB do not fit in 141 GB: b waits for a (20 s) instead of running out of memory.
  t.is(run.jobs.ooms[1], 0);
  t.is(run.jobs.start[1], 20);
});
