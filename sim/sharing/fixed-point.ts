/**
 * Step times and the sharing they imply depend on each other (a job that waits longer asks for less, which changes
 * everyone's share): both naive.ts and mps.ts solve them by a damped fixed-point iteration of fixed length, the
 * same steps on every call, so the result is deterministic and costs the same whatever the inputs.
 */
const ITERATIONS = 12;

/** Step times T from `start`, each step halfway to `next(T)`. */
export function dampedFixedPoint(start: number[], next: (T: number[]) => number[]): number[] {
  let T = start;
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const target = next(T);
    T = T.map((s, i) => (s + target[i]) / 2);
  }
  return T;
}
