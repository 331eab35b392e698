import test from "ava";
import { simulate } from "../../../sim/cluster/engine.ts";
import { gpus, input, instanceProfileOf, job, tinyShare } from "../fixtures.ts";

test("MIG dynamic creates the instance a job needs, after the reconfiguration delay", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "mig", fixed: false }),
      jobs: { list: [job("a", 0, "small", 10), job("b", 100, "large", 10)] },
      scheduler: { policy: "mig-dynamic", params: { reconfiguration_s: 5 } },
    }),
    { share: tinyShare },
  );
  t.is(run.jobs.start[0], 5);
  t.is(instanceProfileOf(run, 0), "1g.18gb");
  // b needs 60 GB: a 3g.71gb is created in free slices beside a's instance.
  t.is(run.jobs.start[1], 105);
  t.is(instanceProfileOf(run, 1), "3g.71gb");
});

test("MIG dynamic drains a busy GPU when no idle slices are left", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "mig", fixed: false, layout: ["7g.141gb"] }),
      jobs: { list: [job("a", 0, "small", 50), job("b", 10, "small", 10)] },
      scheduler: { policy: "mig-dynamic", params: { reconfiguration_s: 5 } },
    }),
    { share: tinyShare },
  );
  // a holds the whole GPU until 50 s; b waits for the drain, then 5 s of reconfiguration.
  t.is(run.jobs.end[0], 50);
  t.is(run.jobs.start[1], 55);
});

test("with a layout the scheduler may change, only slices no instance could still use are stranded", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "mig", fixed: false, layout: ["3g.71gb"] }),
      jobs: { list: [job("a", 0, "small", 10)] },
      scheduler: { policy: "mig-dynamic" },
    }),
    { share: tinyShare },
  );
  // 3g at slice 0 leaves room for another 3g (3 of the 4 free compute slices); a fixed layout would strand 4.
  t.is(run.ledger.strandedSliceS[0], 1 * run.endS);
});
