import test from "ava";
import { SimulationError } from "../../sim/core/index.ts";
import { RandomStream } from "../../sim/core/index.ts";
import { Simulation } from "../../sim/core/index.ts";

const N = 200_000;

function draws(n: number, draw: () => number): number[] {
  return Array.from({ length: n }, draw);
}

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** The sample mean lies within 5 standard errors of the theoretical mean (fails about once in 1.7 million). */
function closeToTheory(
  t: { true(ok: boolean, message?: string): void },
  xs: number[],
  expectedMean: number,
  sd: number,
) {
  const error = Math.abs(mean(xs) - expectedMean);
  t.true(error < (5 * sd) / Math.sqrt(xs.length), `mean ${mean(xs)} vs theory ${expectedMean}`);
}

test("a stream's numbers depend on the seed and name only, not on which streams were created first", (t) => {
  const first = new Simulation({ seed: 42 });
  const a1 = first.rng("arrivals");
  first.rng("service");
  const second = new Simulation({ seed: 42 });
  second.rng("service");
  second.rng("other");
  const a2 = second.rng("arrivals");
  t.deepEqual(
    draws(100, () => a1.random()),
    draws(100, () => a2.random()),
  );
  t.is(first.rng("arrivals"), a1, "the same name gives the same stream object");
});

test("drawing from one stream does not move another", (t) => {
  const quiet = new Simulation({ seed: 3 });
  const busy = new Simulation({ seed: 3 });
  draws(1000, () => busy.rng("noise").random());
  t.deepEqual(
    draws(50, () => quiet.rng("jobs").random()),
    draws(50, () => busy.rng("jobs").random()),
  );
});

test("streams of different names or seeds are uncorrelated", (t) => {
  const correlation = (xs: number[], ys: number[]) => {
    const mx = mean(xs);
    const my = mean(ys);
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let i = 0; i < xs.length; i++) {
      sxy += (xs[i] - mx) * (ys[i] - my);
      sxx += (xs[i] - mx) ** 2;
      syy += (ys[i] - my) ** 2;
    }
    return sxy / Math.sqrt(sxx * syy);
  };
  const n = 20_000; // |r| of independent samples has sd 1/sqrt(n) ~ 0.007
  const a = new RandomStream(1, "a");
  const b = new RandomStream(1, "b");
  const a2 = new RandomStream(2, "a");
  const xs = draws(n, () => a.random());
  t.true(
    Math.abs(
      correlation(
        xs,
        draws(n, () => b.random()),
      ),
    ) < 0.04,
  );
  t.true(
    Math.abs(
      correlation(
        xs,
        draws(n, () => a2.random()),
      ),
    ) < 0.04,
  );
  t.notDeepEqual(
    draws(10, () => new RandomStream("a/b", "c").random()),
    draws(10, () => new RandomStream("a", "b/c").random()),
  );
});

test("uniform, exponential, normal and lognormal sample means match theory", (t) => {
  const rng = new RandomStream(2026, "distributions");
  closeToTheory(
    t,
    draws(N, () => rng.uniform(2, 6)),
    4,
    4 / Math.sqrt(12),
  );
  closeToTheory(
    t,
    draws(N, () => rng.exponential(3)),
    3,
    3,
  );
  closeToTheory(
    t,
    draws(N, () => rng.normal(-1, 2)),
    -1,
    2,
  );
  const [mu, sigma] = [0.5, 0.4];
  const lognormalSd = Math.sqrt((Math.exp(sigma ** 2) - 1) * Math.exp(2 * mu + sigma ** 2));
  closeToTheory(
    t,
    draws(N, () => rng.lognormal(mu, sigma)),
    Math.exp(mu + sigma ** 2 / 2),
    lognormalSd,
  );
  const normals = draws(N, () => rng.normal(0, 1));
  closeToTheory(
    t,
    normals.map((x) => x * x),
    1,
    Math.sqrt(2),
  ); // variance 1: E[x^2] = 1, sd of x^2 = sqrt(2)
});

test("weighted choice picks items in proportion to their weights, never a zero-weight item", (t) => {
  const rng = new RandomStream(9, "mix");
  const items = ["resnet", "vit", "bert", "never"];
  const weights = [0.5, 0.3, 0.2, 0];
  const counts = new Map(items.map((item) => [item, 0]));
  for (let i = 0; i < N; i++) {
    const item = rng.choice(items, weights);
    counts.set(item, (counts.get(item) ?? 0) + 1);
  }
  for (const [i, item] of items.entries()) {
    const p = weights[i];
    const share = (counts.get(item) ?? 0) / N;
    t.true(Math.abs(share - p) <= 5 * Math.sqrt((p * (1 - p)) / N), `${item}: ${share} vs ${p}`);
  }
  t.is(counts.get("never"), 0);
});

test("bad distribution parameters raise SimulationError naming the stream", (t) => {
  const rng = new RandomStream(0, "arrivals");
  t.throws(() => rng.exponential(0), {
    instanceOf: SimulationError,
    message: "rng('arrivals').exponential: expected a finite mean > 0, got 0",
  });
  t.throws(() => rng.uniform(3, 1), {
    instanceOf: SimulationError,
    message: /uniform: expected low <= high/,
  });
  t.throws(() => rng.normal(0, -1), {
    instanceOf: SimulationError,
    message: /normal: expected a finite sd >= 0/,
  });
  t.throws(() => rng.choice([]), { instanceOf: SimulationError, message: /at least one item/ });
  t.throws(() => rng.choice(["a", "b"], [1]), {
    instanceOf: SimulationError,
    message: /one weight per item/,
  });
  t.throws(() => rng.choice(["a"], [0]), { instanceOf: SimulationError, message: /positive sum/ });
  t.throws(() => rng.choice(["a"], [-1]), { instanceOf: SimulationError, message: /weights >= 0/ });
});
