import test from "ava";
import { collocSync } from "./colloc.ts";

interface Estimate {
  mean: number;
  halfWidth: number;
}
interface Demo {
  seed: number;
  customers: number;
  meanWait: number;
  meanTimeInSystem: number;
  utilization: number;
  intervals: { meanWait: Estimate; meanTimeInSystem: Estimate; utilization: Estimate };
  theory: { meanWait: number; meanTimeInSystem: number; utilization: number };
}

test("demo --json prints the simulated and theoretical M/M/1 figures, the same for the same seed", (t) => {
  const run = collocSync("demo", "--json", "--seed", "11", "--customers", "20000");
  t.is(run.status, 0, run.stderr);
  const demo = JSON.parse(run.stdout) as Demo;
  t.is(demo.seed, 11);
  t.is(demo.customers, 20000);
  t.true(demo.meanWait >= 0 && demo.meanTimeInSystem > demo.meanWait);
  t.true(demo.utilization > 0 && demo.utilization <= 1);
  // rho / (mu - lambda) and 1 / (mu - lambda) with lambda 0.8, mu 1, in floating point
  t.deepEqual(demo.theory, { meanWait: 0.8 / (1 - 0.8), meanTimeInSystem: 1 / (1 - 0.8), utilization: 0.8 });
  t.is(collocSync("demo", "--json", "--seed", "11", "--customers", "20000").stdout, run.stdout);
  t.not(collocSync("demo", "--json", "--seed", "12", "--customers", "20000").stdout, run.stdout);
});

test("the default run agrees with theory within the confidence intervals it prints", (t) => {
  const run = collocSync("demo");
  t.is(run.status, 0, run.stderr);
  t.regex(run.stdout, /^M\/M\/1 queue: 300000 customers, arrival rate 0\.8, service rate 1, seed 1$/m);
  for (const metric of ["mean wait in queue", "mean time in system", "server utilization"])
    t.regex(run.stdout, new RegExp(`^${metric} .* \\d\\.\\d{3} ± \\d\\.\\d{3} .* yes$`, "m"), metric);
  const json = JSON.parse(collocSync("demo", "--json").stdout) as Demo;
  for (const key of ["meanWait", "meanTimeInSystem", "utilization"] as const) {
    const { mean, halfWidth } = json.intervals[key];
    t.true(Math.abs(mean - json.theory[key]) <= halfWidth, `${key}: ${mean} ± ${halfWidth}`);
    // A few percent wide: long enough to say something.
    t.true(halfWidth / json.theory[key] < 0.06, `${key}: ± ${halfWidth}`);
  }
});

test("a short run says when theory falls outside its interval; a bad seed is a usage error (exit 2)", (t) => {
  const short = collocSync("demo", "--customers", "500");
  t.is(short.status, 0, short.stderr);
  t.regex(short.stdout, /^mean wait in queue .* no$/m);
  const bad = collocSync("demo", "--seed", "abc");
  t.is(bad.status, 2);
  t.is(bad.stderr, 'colloc: --seed: expected an integer >= 0, got "abc"\n');
});

test("a run too long to be of use (over ten million customers) is a usage error, not minutes of work", (t) => {
  const huge = collocSync("demo", "--customers", "999999999999");
  t.is(huge.status, 2);
  t.is(huge.stderr, 'colloc: --customers: expected an integer from 1 to 10,000,000, got "999999999999"\n');
});
