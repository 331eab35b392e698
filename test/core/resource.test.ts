import test from "ava";
import { SimulationError } from "../../sim/core/index.ts";
import { Interrupt } from "../../sim/core/index.ts";
import {
  PreemptiveResource,
  Preempted,
  PriorityResource,
  Resource,
  type RequestOptions,
} from "../../sim/core/index.ts";
import { Simulation } from "../../sim/core/index.ts";

/** Start `users` at time 0 in order; each holds one unit for `hold`, and the log says who got it when. */
function contend(
  sim: Simulation,
  resource: Resource,
  users: { name: string; start?: number; hold: number; options?: RequestOptions }[],
): string[] {
  const log: string[] = [];
  for (const { name, start = 0, hold, options } of users) {
    sim.process(
      (function* () {
        yield sim.timeout(start);
        const request = resource.request(options);
        try {
          yield request;
          log.push(`${sim.now} ${name} got it`);
          yield sim.timeout(hold);
          log.push(`${sim.now} ${name} done`);
        } catch (error) {
          const cause = (error as Interrupt).cause as Preempted;
          log.push(`${sim.now} ${name} preempted (held since ${cause.usageSince})`);
        } finally {
          resource.release(request);
        }
      })(),
      name,
    );
  }
  sim.run();
  return log;
}

test("a FIFO resource serves waiters in request order, capacity at a time", (t) => {
  const sim = new Simulation();
  const log = contend(sim, new Resource(sim, 2), [
    { name: "a", hold: 3 },
    { name: "b", hold: 1 },
    { name: "c", hold: 1 },
    { name: "d", hold: 1 },
  ]);
  t.deepEqual(log, [
    "0 a got it",
    "0 b got it",
    "1 b done",
    "1 c got it",
    "2 c done",
    "2 d got it",
    "3 a done",
    "3 d done",
  ]);
});

test("a priority resource serves the lowest priority number first, ties in request order", (t) => {
  const sim = new Simulation();
  const log = contend(sim, new PriorityResource(sim, 1), [
    { name: "holder", hold: 1, options: { priority: 5 } },
    { name: "low", start: 0.5, hold: 1, options: { priority: 3 } },
    { name: "high", start: 0.5, hold: 1, options: { priority: 1 } },
    { name: "high too", start: 0.5, hold: 1, options: { priority: 1 } },
  ]);
  t.deepEqual(log, [
    "0 holder got it",
    "1 holder done",
    "1 high got it",
    "2 high done",
    "2 high too got it",
    "3 high too done",
    "3 low got it",
    "4 low done",
  ]);
});

test("a preemptive resource evicts the lowest-priority holder for a preempting request", (t) => {
  const sim = new Simulation();
  const log = contend(sim, new PreemptiveResource(sim, 1), [
    { name: "batch", hold: 10, options: { priority: 2 } },
    { name: "urgent", start: 3, hold: 1, options: { priority: 0, preempt: true } },
    { name: "polite", start: 3, hold: 1, options: { priority: 1, preempt: false } },
  ]);
  t.deepEqual(log, [
    "0 batch got it",
    "3 batch preempted (held since 0)", // interrupts are urgent: delivered before the grant is processed
    "3 urgent got it",
    "4 urgent done",
    "4 polite got it",
    "5 polite done",
  ]);
});

test("a preempting request does not evict a holder of equal or higher priority", (t) => {
  const sim = new Simulation();
  const log = contend(sim, new PreemptiveResource(sim, 1), [
    { name: "first", hold: 2, options: { priority: 1 } },
    { name: "same", start: 1, hold: 1, options: { priority: 1, preempt: true } },
  ]);
  t.deepEqual(log, ["0 first got it", "2 first done", "2 same got it", "3 same done"]);
});

test("releasing a request that still waits withdraws it", (t) => {
  const sim = new Simulation();
  const resource = new Resource(sim, 1);
  const holder = resource.request();
  const waiter = resource.request();
  resource.release(waiter);
  t.deepEqual(resource.queue, []);
  resource.release(holder);
  sim.run();
  t.false(waiter.triggered);
  t.is(resource.users.length, 0);
});

test("a capacity below one raises SimulationError", (t) => {
  const sim = new Simulation();
  t.throws(() => new Resource(sim, 0), {
    instanceOf: SimulationError,
    message: /capacity must be an integer >= 1, got 0/,
  });
});
