/**
 * The three benchmark shapes, their sizes and how events are counted, shared by every engine (the SimPy
 * script receives the same sizes). Events counted are model events, the same for every engine whatever it
 * does internally: (a) callbacks fired, (b) timeouts that resumed a process, (c) two per customer
 * (arrival and departure).
 */
export const SHAPES = {
  /** (a) `chains` callbacks, each scheduling the next one of its chain, `total` firings in all. */
  callbacks: { total: 1_000_000, chains: 1_000 },
  /** (b) `processes` generator processes yielding timeouts, `total` timeouts in all. */
  generators: { total: 1_000_000, processes: 100 },
  /** (c) M/M/1: Poisson arrivals (rate 0.9), one server (exponential service, rate 1), FIFO queue. */
  mm1: { customers: 200_000, arrivalRate: 0.9, serviceRate: 1 },
} as const;

export type ShapeName = keyof typeof SHAPES;

/** Delay between two events of chain or process `i`: spread over [1, 1.9] so the heap has real work. */
export function delayOf(i: number): number {
  return 1 + (i % 10) / 10;
}

/** Model events one run of `shape` produces (the numerator of events per second). */
export function eventsOf(shape: ShapeName): number {
  return shape === "mm1" ? 2 * SHAPES.mm1.customers : SHAPES[shape].total;
}
