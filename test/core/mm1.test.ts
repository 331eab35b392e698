import test from "ava";
import { simulateMm1 } from "../../sim/core/mm1.ts";

test("with many customers the M/M/1 model approaches queueing theory", (t) => {
  const result = simulateMm1({ seed: 5, customers: 100_000, arrivalRate: 0.8, serviceRate: 1 });
  // Theory, independent of the code: rho = 0.8, Wq = rho / (mu - lambda) = 4, W = 1 / (mu - lambda) = 5.
  t.true(Math.abs(result.utilization - 0.8) < 0.02, `utilization ${result.utilization}`);
  t.true(Math.abs(result.meanWait / 4 - 1) < 0.15, `mean wait ${result.meanWait}`);
  t.true(Math.abs(result.meanTimeInSystem / 5 - 1) < 0.15, `mean time in system ${result.meanTimeInSystem}`);
});

test("an overloaded queue (rho >= 1) has no steady-state theory to compare with", (t) => {
  const result = simulateMm1({ seed: 1, customers: 200, arrivalRate: 1.2, serviceRate: 1 });
  t.is(result.theory, null);
  t.true(result.meanWait > 0);
});
