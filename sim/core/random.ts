/**
 * A named random stream and the distributions a workload model needs. Each stream is seeded from the
 * simulation seed and its name only (seedrandom hashes the pair), so streams are independent of each other
 * and of the order in which they were created: adding a stream never shifts another stream's numbers.
 */
import seedrandom from "seedrandom";
import { SimulationError } from "./errors.ts";

export class RandomStream {
  private readonly next: () => number;

  constructor(
    seed: number | string,
    readonly name: string,
  ) {
    // JSON keeps (seed, name) pairs distinct, e.g. ("a/b", "c") vs ("a", "b/c"); xor4096 passes BigCrush.
    this.next = seedrandom.xor4096(JSON.stringify([seed, name]));
  }

  /** Uniform in [0, 1). */
  random(): number {
    return this.next();
  }

  /** Uniform in [low, high). */
  uniform(low: number, high: number): number {
    if (!(low <= high)) throw this.misuse("uniform", `low <= high, got low=${low}, high=${high}`);
    return low + (high - low) * this.next();
  }

  /** Exponential with the given mean (rate 1/mean), e.g. inter-arrival times of a Poisson stream. */
  exponential(mean: number): number {
    if (!(mean > 0 && mean < Infinity)) throw this.misuse("exponential", `a finite mean > 0, got ${mean}`);
    return -mean * Math.log(1 - this.next()); // 1 - u lies in (0, 1], so the log is finite
  }

  /** Normal with mean `mean` and standard deviation `sd` (Box-Muller, one draw per call). */
  normal(mean: number, sd: number): number {
    if (!(sd >= 0 && sd < Infinity)) throw this.misuse("normal", `a finite sd >= 0, got ${sd}`);
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    return mean + sd * radius * Math.cos(2 * Math.PI * this.next());
  }

  /** Log-normal: exp of a normal with mean `mu` and standard deviation `sigma` (log-space parameters). */
  lognormal(mu: number, sigma: number): number {
    return Math.exp(this.normal(mu, sigma));
  }

  /** One of `items`, item i with probability weights[i] / sum(weights) (all equal when no weights are given). */
  choice<T>(items: readonly T[], weights?: readonly number[]): T {
    if (items.length === 0) throw this.misuse("choice", "at least one item");
    if (weights === undefined) return items[Math.floor(this.next() * items.length)];
    if (weights.length !== items.length)
      throw this.misuse("choice", `one weight per item (${items.length}), got ${weights.length}`);
    let total = 0;
    for (const w of weights) {
      if (!(w >= 0 && w < Infinity)) throw this.misuse("choice", `finite weights >= 0, got ${w}`);
      total += w;
    }
    if (!(total > 0)) throw this.misuse("choice", "weights with a positive sum");
    let point = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      point -= weights[i];
      if (point < 0) return items[i];
    }
    return items[weights.findLastIndex((w) => w > 0)]; // rounding left point at ~0: take the last possible item
  }

  private misuse(method: string, expected: string): SimulationError {
    return new SimulationError(`rng('${this.name}').${method}: expected ${expected}`);
  }
}
