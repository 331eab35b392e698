import test from "ava";
import { simulate } from "../../../sim/cluster/engine.ts";
import { InputError } from "../../../sim/input-error.ts";
import { gpus, input, instanceProfileOf, job, tinyShare } from "../fixtures.ts";

test("MIG static best-fit puts each job in the smallest idle instance its memory fits", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "mig", layout: ["3g.71gb", "2g.35gb", "1g.18gb"] }),
      jobs: {
        list: [job("big", 0, "large", 10), job("small", 0, "small", 10), job("small2", 0, "small", 10)],
      },
      scheduler: { policy: "mig-static" },
    }),
    { share: tinyShare },
  );
  // large needs 60 GB: only the 3g (71 GB). small needs 10 GB: the 1g (18 GB), then the 2g (35 GB).
  t.deepEqual(
    [0, 1, 2].map((j) => instanceProfileOf(run, j)),
    ["3g.71gb", "1g.18gb", "2g.35gb"],
  );
});

test("the slices a static layout leaves out are counted as stranded", (t) => {
  const run = simulate(
    input({
      hardware: gpus({ mode: "mig", layout: ["3g.71gb", "3g.71gb"] }),
      jobs: { list: [job("a", 0, "small", 10)] },
      scheduler: { policy: "mig-static" },
    }),
    { share: tinyShare },
  );
  // 3g + 3g use 6 of the 7 compute slices for the whole run.
  t.is(run.ledger.strandedSliceS[0], 1 * run.endS);
});

test("a MIG GPU left to the scheduler to partition (no layout) is bad input under a policy that never partitions", (t) => {
  const error = t.throws(
    () =>
      simulate(
        input({
          hardware: gpus({ mode: "mig", layout: [], fixed: false }),
          jobs: { list: [job("a", 0, "small", 10)] },
          scheduler: { policy: "mig-static" },
        }),
        { share: tinyShare },
      ),
    { instanceOf: InputError },
  );
  t.regex(
    error?.message ?? "",
    /hardware\.gpus\[\]\.sharing\.layout: expected at least one MIG instance: policy mig-static does not partition GPUs \(mig-dynamic does\), so .* would never run a job, got \[\]$/,
  );
});
