import test from "ava";
import { collocSync } from "./colloc.ts";

interface Demo {
  seed: number;
  customers: number;
  meanWait: number;
  meanTimeInSystem: number;
  utilization: number;
  theory: { meanWait: number; meanTimeInSystem: number; utilization: number };
}

test("demo --json prints the simulated and theoretical M/M/1 figures, the same for the same seed", (t) => {
  const run = collocSync("demo", "--json", "--seed", "11");
  t.is(run.status, 0, run.stderr);
  const demo = JSON.parse(run.stdout) as Demo;
  t.is(demo.seed, 11);
  t.is(demo.customers, 500);
  t.true(demo.meanWait >= 0 && demo.meanTimeInSystem > demo.meanWait);
  t.true(demo.utilization > 0 && demo.utilization <= 1);
  // rho / (mu - lambda) and 1 / (mu - lambda) with lambda 0.8, mu 1, in floating point
  t.deepEqual(demo.theory, { meanWait: 0.8 / (1 - 0.8), meanTimeInSystem: 1 / (1 - 0.8), utilization: 0.8 });
  t.is(collocSync("demo", "--json", "--seed", "11").stdout, run.stdout);
  t.not(collocSync("demo", "--json", "--seed", "12").stdout, run.stdout);
});

test("without --json it prints a table; a bad seed is a usage error (exit 2)", (t) => {
  const run = collocSync("demo");
  t.is(run.status, 0, run.stderr);
  t.regex(run.stdout, /^M\/M\/1 queue: 500 customers, arrival rate 0\.8, service rate 1, seed 1$/m);
  t.regex(run.stdout, /^server utilization\s+\d\.\d\d\s+0\.80$/m);
  const bad = collocSync("demo", "--seed", "abc");
  t.is(bad.status, 2);
  t.is(bad.stderr, 'colloc: --seed: expected an integer >= 0, got "abc"\n');
});
