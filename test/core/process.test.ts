import test from "ava";
import { SimulationError } from "../../sim/core/index.ts";
import type { Event } from "../../sim/core/index.ts";
import { Simulation } from "../../sim/core/index.ts";

test("a process receives the values of the events it yields", (t) => {
  const sim = new Simulation();
  const received: unknown[] = [];
  sim.process(
    (function* () {
      received.push(yield sim.timeout(1, "one"));
      received.push(yield sim.timeout(2, { two: 2 }));
      received.push(sim.now);
    })(),
  );
  sim.run();
  t.deepEqual(received, ["one", { two: 2 }, 3]);
});

test("a process's return value reaches the process waiting on it", (t) => {
  const sim = new Simulation();
  function* child() {
    yield sim.timeout(5);
    return "child result";
  }
  let got: unknown;
  sim.process(
    (function* () {
      got = yield sim.process(child());
    })(),
  );
  sim.run();
  t.is(got, "child result");
  t.is(sim.now, 5);
});

test("an error thrown in a process is thrown at the yield of the process waiting on it", (t) => {
  const sim = new Simulation();
  const failure = new Error("child failed");
  function* child(): Generator<Event, never> {
    yield sim.timeout(1);
    throw failure;
  }
  let caught: unknown;
  sim.process(
    (function* () {
      try {
        yield sim.process(child());
      } catch (error) {
        caught = error;
      }
    })(),
  );
  sim.run();
  t.is(caught, failure);
});

test("an error nobody waits for aborts the run", (t) => {
  const sim = new Simulation();
  sim.process(
    (function* () {
      yield sim.timeout(1);
      throw new Error("unhandled");
    })(),
  );
  t.throws(() => sim.run(), { message: "unhandled" });
});

test("yielding an event that was already processed resumes at once with its value", (t) => {
  const sim = new Simulation();
  const early = sim.timeout(1, "early");
  let got: unknown;
  sim.process(
    (function* () {
      yield sim.timeout(3);
      got = yield early;
      t.is(sim.now, 3);
    })(),
  );
  sim.run();
  t.is(got, "early");
});

test("processes started at the same time run in the order they were started", (t) => {
  const sim = new Simulation();
  const order: string[] = [];
  function* named(name: string) {
    order.push(name);
    yield sim.timeout(0);
    order.push(`${name} again`);
  }
  for (const name of ["a", "b", "c"]) sim.process(named(name));
  sim.run();
  t.deepEqual(order, ["a", "b", "c", "a again", "b again", "c again"]);
});

test("yielding a non-event raises SimulationError naming the process and the time", (t) => {
  const sim = new Simulation();
  sim.process(
    (function* () {
      yield sim.timeout(2);
      yield 5 as unknown as Event;
    })(),
    "sleeper",
  );
  t.throws(() => sim.run(), {
    instanceOf: SimulationError,
    message: "t=2: process 'sleeper' yielded a number (5); expected an Event (e.g. sim.timeout(d))",
  });
});

test("an unnamed process gets a numbered name, and a bad delay inside it names it", (t) => {
  const sim = new Simulation();
  const process = sim.process(
    (function* () {
      yield sim.timeout(-3);
    })(),
  );
  t.is(process.name, "process-0");
  t.throws(() => sim.run(), {
    instanceOf: SimulationError,
    message: /^t=0 in process 'process-0': timeout delay/,
  });
});
