/**
 * Arrival times of a generated stream, ascending, in seconds.
 * - poisson: exponential gaps with mean 3600 / rate_per_hour.
 * - bursty: bursts arrive as a Poisson process (bursts_per_hour); each brings round(burst_size) jobs (at least
 *   one), spread uniformly over [burst, burst + spread_s]. The last burst is cut at `count` jobs.
 */
import type { RandomStream } from "../../core/index.ts";
import type { Arrivals } from "../scenario/schema.ts";
import { draw } from "./distribution.ts";

export interface ArrivalStreams {
  /** Gaps between arrivals (poisson) or between bursts (bursty). */
  gaps: RandomStream;
  /** Burst sizes and the offsets of jobs inside a burst. */
  bursts: RandomStream;
}

export function arrivalTimes(
  arrivals: Arrivals,
  count: number,
  startS: number,
  rng: ArrivalStreams,
): number[] {
  const times: number[] = [];
  let t = startS;
  if (arrivals.poisson) {
    const mean = 3600 / arrivals.poisson.rate_per_hour;
    while (times.length < count) times.push((t += rng.gaps.exponential(mean)));
    return times;
  }
  const bursty = arrivals.bursty!;
  const mean = 3600 / bursty.bursts_per_hour;
  while (times.length < count) {
    t += rng.gaps.exponential(mean);
    // `|| 1`: a draw that is not a number (an overflowing distribution) still brings one job, so the loop ends.
    const drawn = Math.round(draw(bursty.burst_size, rng.bursts)) || 1;
    const size = Math.min(count - times.length, Math.max(1, drawn));
    for (let i = 0; i < size; i++) times.push(t + rng.bursts.uniform(0, bursty.spread_s));
  }
  return times.sort((a, b) => a - b); // bursts wider than their gap overlap
}
