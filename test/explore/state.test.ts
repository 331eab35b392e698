import test from "ava";
import {
  gpu,
  checkGeometry,
  migProfile,
  mpsClientLimit,
  placeInstance,
  migState,
} from "../../sim/hardware/index.ts";
import { instanceKey, startOptions } from "../../explore/model/mig.ts";
import {
  job,
  makeState,
  MAX_JOBS,
  reduce,
  stateOfMeasured,
  type ExploreState,
} from "../../explore/model/state.ts";
import { H200, R26, R50 } from "./fixture.ts";

const many = (n: number) => Array.from({ length: n }, () => job(R26));

test("one to seven jobs: an eighth is refused, and so is removing the last", (t) => {
  let state = makeState(H200.name, "naive", [job(R26)]);
  t.is(reduce(state, { kind: "remove-job", job: 0 }), state);
  for (let n = 1; n < MAX_JOBS; n++) state = reduce(state, { kind: "add-job", workload: R50 });
  t.is(state.jobs.length, 7);
  t.is(reduce(state, { kind: "add-job", workload: R50 }), state);
  t.deepEqual(
    reduce(state, { kind: "remove-job", job: 0 }).jobs.map((j) => j.workload),
    Array(6).fill(R50),
  );
});

test("percentages are whole numbers from 1 to 100; anything else is refused", (t) => {
  const state = makeState(H200.name, "mps-partitioned", [job(R26)]);
  t.is(reduce(state, { kind: "percentage", job: 0, percentage: 250 }).jobs[0].percentage, 100);
  t.is(reduce(state, { kind: "percentage", job: 0, percentage: 0 }).jobs[0].percentage, 1);
  t.is(reduce(state, { kind: "percentage", job: 0, percentage: 45.6 }).jobs[0].percentage, 46);
  t.is(reduce(state, { kind: "percentage", job: 0, percentage: NaN }), state);
});

test("entering MIG draws a layout sim/hardware can build, one instance per job", (t) => {
  for (const n of [1, 2, 3, 4, 7]) {
    const state = makeState(H200.name, "naive", many(n));
    const mig = reduce(state, { kind: "mode", mode: "mig" });
    const check = checkGeometry(
      H200,
      mig.layout.map((p) => ({ profile: p.profileId, start: p.start })),
    );
    t.true(check.valid, `${n} jobs`);
    t.is(mig.layout.length, n);
    t.is(new Set(mig.jobs.map((j) => j.instance)).size, n, "each job in its own instance");
  }
});

test("a start the placement rules refuse leaves the layout as it was, with sim/hardware's reason", (t) => {
  const three = migProfile(H200, "3g.71gb");
  const state = makeState(H200.name, "mig", [job(R26)], { layout: [{ profileId: three.id, start: 0 }] });
  t.is(reduce(state, { kind: "place", profileId: three.id, start: 0 }), state);
  const refused = startOptions(H200, state.layout, three).find((o) => o.start === 0)!;
  const check = checkGeometry(H200, [
    { profile: three.id, start: 0 },
    { profile: three.id, start: 0 },
  ]);
  t.false(check.valid);
  t.is(refused.problem, check.valid ? undefined : check.problems.map((p) => p.message).join("; "));
  const placed = reduce(state, { kind: "place", profileId: three.id, start: 4 });
  t.deepEqual(placed.layout.map(instanceKey), [`${three.id}@0`, `${three.id}@4`]);
});

test("placing by a rule places where sim/hardware's placeInstance does", (t) => {
  const one = migProfile(H200, "1g.18gb");
  const layout = [{ profileId: migProfile(H200, "3g.71gb").id, start: 4 }];
  const state = makeState(H200.name, "mig", [job(R26)], { layout });
  for (const rule of ["first-fit", "most-layouts"] as const) {
    const expected = placeInstance(H200, migState(H200, layout), one, rule)!.placement;
    const next = reduce(state, { kind: "place-by-rule", profileId: one.id, rule });
    t.deepEqual(next.layout.at(-1), expected, rule);
  }
});

test("one job per instance: a job with no free instance runs nowhere until one is drawn", (t) => {
  const three = migProfile(H200, "3g.71gb").id;
  const [first, second] = [`${three}@0`, `${three}@4`];
  const state = makeState(H200.name, "mig", many(3), {
    layout: [
      { profileId: three, start: 0 },
      { profileId: three, start: 4 },
    ],
  });
  t.deepEqual(
    state.jobs.map((j) => j.instance),
    [first, second, null],
  );
  const shared = reduce(state, { kind: "inside", inside: "naive" });
  t.deepEqual(
    shared.jobs.map((j) => j.instance),
    [first, second, first],
  );
  t.is(reduce(state, { kind: "instance", job: 2, instance: second }), state, "the second is taken");
});

test("MPS inside an instance takes at most its share of the GPU's MPS clients", (t) => {
  const one = migProfile(H200, "1g.18gb");
  const state = makeState(H200.name, "mig", many(7), {
    layout: [{ profileId: one.id, start: 0 }],
    inside: "mps",
  });
  const limit = mpsClientLimit(H200, one.computeSlices);
  t.true(limit < 7);
  t.is(state.jobs.filter((j) => j.instance !== null).length, limit);
});

test("another GPU starts over with its own default layout", (t) => {
  const state: ExploreState = makeState(H200.name, "mig", many(2));
  const a30 = reduce(state, { kind: "gpu", gpu: "A30" });
  t.is(a30.gpu, "A30-24GB");
  const two = migProfile(gpu("A30"), "2g.12gb").id;
  t.deepEqual(a30.layout.map(instanceKey), [`${two}@0`, `${two}@2`]);
});

test("a measured setup loads with percentages MPS turns into its SM caps", (t) => {
  const setup = {
    key: "",
    mode: "mps-partitioned" as const,
    runs: [],
    processes: [
      { workload: R26, smLimit: 60, imagesPerS: 1, trainedRuns: 1, oomRuns: 0 },
      { workload: R50, smLimit: 14, imagesPerS: 1, trainedRuns: 1, oomRuns: 0 },
    ],
    utilization: null,
    smActivity: null,
    powerW: null,
    memoryBytes: null,
  };
  const state = stateOfMeasured(setup, H200.name)!;
  t.is(state.mode, "mps-partitioned");
  t.deepEqual(
    state.jobs.map((j) => j.percentage),
    [46, 11],
  );
});
