/** One draw of a scenario Distribution from a named seeded stream. */
import type { RandomStream } from "../../core/index.ts";
import type { Distribution } from "../scenario/schema.ts";

export function draw(d: Distribution, rng: RandomStream): number {
  if (typeof d === "number") return d;
  if (d.constant !== undefined) return d.constant;
  if (d.uniform) return rng.uniform(d.uniform.min, d.uniform.max);
  if (d.exponential) return rng.exponential(d.exponential.mean);
  if (d.normal) return rng.normal(d.normal.mean, d.normal.sd);
  if (d.lognormal) return rng.lognormal(d.lognormal.mu, d.lognormal.sigma);
  throw new Error("unreachable: the schema admits exactly one distribution");
}
