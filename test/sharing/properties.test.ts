import test from "ava";
import fc from "fast-check";
import { share } from "../../sim/sharing/index.ts";
import { gpu, params, profile } from "./profiles.ts";

const jobs = fc.array(
  fc.record({
    busy: fc.double({ min: 0.05, max: 1, noNaN: true }),
    alpha: fc.double({ min: 0, max: 2, noNaN: true }),
  }),
  { minLength: 1, maxLength: 7 },
);
const costs = fc.record({
  switchOverhead: fc.double({ min: 0, max: 1, noNaN: true }),
  mpsInterference: fc.double({ min: 0, max: 1, noNaN: true }),
});

for (const mode of ["naive", "mps"] as const) {
  test(`${mode}: sharing never speeds a job beyond its solo pace, and the GPU figures stay fractions`, (t) => {
    fc.assert(
      fc.property(jobs, costs, (specs, cost) => {
        const runners = specs.map((s, i) => ({ profile: profile(`w${i}`, s.busy, s.alpha, 1e9) }));
        const result = share(gpu, { mode }, runners, { ...params, ...cost });
        result.stepsPerSecond.forEach((rate) => {
          if (!(rate > 0 && rate <= 10 * (1 + 1e-9))) throw new Error(`rate ${rate}`);
        });
        for (const v of [result.utilization, result.smActivity])
          if (!(v >= 0 && v <= 1 + 1e-9)) throw new Error(`fraction ${v}`);
      }),
    );
    t.pass();
  });
}

test("naive: adding a co-runner never speeds up the others", (t) => {
  fc.assert(
    fc.property(jobs, (specs) => {
      const runners = specs.map((s, i) => ({ profile: profile(`w${i}`, s.busy, s.alpha, 1e9) }));
      const before = share(gpu, { mode: "naive" }, runners, params).stepsPerSecond;
      const after = share(
        gpu,
        { mode: "naive" },
        [...runners, { profile: profile("extra", 0.5) }],
        params,
      ).stepsPerSecond;
      before.forEach((rate, i) => {
        if (after[i] > rate * (1 + 1e-6)) throw new Error(`job ${i}: ${rate} -> ${after[i]}`);
      });
    }),
  );
  t.pass();
});
