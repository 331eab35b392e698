import test from "ava";
import { RandomStream } from "../../sim/core/index.ts";
import type { Generator } from "../../sim/cluster/scenario/schema.ts";
import { arrivalTimes } from "../../sim/cluster/streams/arrivals.ts";
import { draw } from "../../sim/cluster/streams/distribution.ts";
import { generateJobs } from "../../sim/cluster/streams/generate.ts";

const poisson = (count: number, rate: number): Generator => ({
  count,
  start_s: 0,
  arrivals: { poisson: { rate_per_hour: rate } },
  mix: { a: 3, b: 1 },
  work: { epochs: { lognormal: { mu: 0, sigma: 0.5 } } },
  gpus: 1,
});

test("Poisson arrivals have exponential gaps with the mean 3600 / rate", (t) => {
  const jobs = generateJobs(poisson(20_000, 120), "g", 1, "x.yaml", "jobs.generate");
  const gaps = jobs.slice(1).map((j, i) => j.arrivalS - jobs[i].arrivalS);
  const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  t.true(Math.abs(mean - 30) < 30 * 0.03, `mean gap ${mean} s, expected 30 s`);
  // An exponential's standard deviation equals its mean.
  const sd = Math.sqrt(gaps.reduce((a, g) => a + (g - mean) ** 2, 0) / gaps.length);
  t.true(Math.abs(sd - mean) < mean * 0.05, `sd ${sd}`);
  t.true(gaps.every((g) => g >= 0));
});

test("the weighted mix draws workloads in proportion to their weights", (t) => {
  const jobs = generateJobs(poisson(20_000, 60), "g", 3, "x.yaml", "jobs.generate");
  const share = jobs.filter((j) => j.workload === "a").length / jobs.length;
  t.true(Math.abs(share - 0.75) < 0.02, `share of a: ${share}`);
  t.deepEqual(jobs[0].origin.workload, { file: "x.yaml", field: `jobs.generate.mix.${jobs[0].workload}` });
});

test("bursty arrivals come in bursts of the given size spread over spread_s", (t) => {
  const rng = { gaps: new RandomStream(1, "gaps"), bursts: new RandomStream(1, "bursts") };
  const times = arrivalTimes({ bursty: { bursts_per_hour: 1, burst_size: 10, spread_s: 60 } }, 1000, 0, rng);
  t.is(times.length, 1000);
  t.deepEqual(
    times,
    [...times].sort((a, b) => a - b),
  );
  // Bursts an hour apart on average, each 60 s wide: gaps over 60 s separate bursts; 1000 jobs / 10 = 100 bursts
  // (two bursts closer than 60 s would merge, which an exponential with mean 3600 s makes rare).
  const separations = times.slice(1).filter((x, i) => x - times[i] > 60).length;
  t.true(separations >= 95 && separations <= 99, `${separations + 1} bursts`);
});

test("each generator draws from its own named streams: changing one leaves the other's jobs alone", (t) => {
  const other = (rate: number) => generateJobs(poisson(100, rate), "other", 5, "x.yaml", "jobs.generate[1]");
  const mine = generateJobs(poisson(100, 60), "mine", 5, "x.yaml", "jobs.generate[0]");
  t.deepEqual(mine, generateJobs(poisson(100, 60), "mine", 5, "x.yaml", "jobs.generate[0]"));
  t.notDeepEqual(other(60), other(90));
  t.notDeepEqual(
    mine.map((j) => j.arrivalS),
    other(60).map((j) => j.arrivalS),
  );
  t.deepEqual(mine.map((j) => j.id).slice(0, 2), ["mine-001", "mine-002"]);
});

test("distributions draw from the stream; constants need none", (t) => {
  const rng = new RandomStream(9, "d");
  t.is(draw(4, rng), 4);
  t.is(draw({ constant: 2 }, rng), 2);
  const u = Array.from({ length: 1000 }, () => draw({ uniform: { min: 5, max: 6 } }, rng));
  t.true(u.every((x) => x >= 5 && x < 6));
  const logs = Array.from({ length: 20_000 }, () =>
    Math.log(draw({ lognormal: { mu: 1, sigma: 0.5 } }, rng)),
  );
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  t.true(Math.abs(mean - 1) < 0.02, `mean of log ${mean}`);
});
