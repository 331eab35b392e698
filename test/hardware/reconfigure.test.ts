import test from "ava";
import { gpu, planReconfiguration, type Placement } from "../../sim/hardware/index.ts";

const a100 = gpu("A100-40GB");
const at = (profileId: number, start: number): Placement => ({ profileId, start });

test("2x3g to 4g+3g keeps the 3g at 4, replaces the one at 0 and stops its job", (t) => {
  const plan = planReconfiguration(
    a100,
    [at(9, 0), at(9, 4)],
    [{ profile: "4g.20gb" }, { profile: "3g.20gb" }],
    [
      { job: "resnet152", placement: at(9, 0) },
      { job: "resnet50", placement: at(9, 4) },
    ],
  );
  t.like(plan, {
    valid: true,
    target: [at(5, 0), at(9, 4)],
    keep: [at(9, 4)],
    destroy: [at(9, 0)],
    create: [at(5, 0)],
    stopJobs: ["resnet152"],
  });
});

test("7x1g to 3x2g+1g keeps the 1g at 6 and destroys the other six", (t) => {
  const from = [0, 1, 2, 3, 4, 5, 6].map((s) => at(19, s));
  const jobs = from.map((placement, i) => ({ job: `job${i}`, placement }));
  const plan = planReconfiguration(
    a100,
    from,
    ["2g.10gb", "2g.10gb", "2g.10gb", "1g.5gb"].map((profile) => ({ profile })),
    jobs,
  );
  if (!plan.valid) return t.fail();
  t.deepEqual(plan.keep, [at(19, 6)]);
  t.is(plan.destroy.length, 6);
  t.deepEqual(plan.create, [at(14, 0), at(14, 2), at(14, 4)]);
  t.deepEqual(plan.stopJobs, ["job0", "job1", "job2", "job3", "job4", "job5"]);
});

test("an unchanged layout needs nothing; an impossible target says why", (t) => {
  t.like(planReconfiguration(a100, [at(0, 0)], [{ profile: "7g.40gb" }]), {
    valid: true,
    destroy: [],
    create: [],
    stopJobs: [],
  });
  const bad = planReconfiguration(
    a100,
    [],
    ["4g.20gb", "2g.10gb", "2g.10gb"].map((profile) => ({ profile })),
  );
  t.false(bad.valid);
  if (!bad.valid) t.is(bad.problems[0].kind, "compute-slices");
});
