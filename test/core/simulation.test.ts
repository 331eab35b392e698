import test from "ava";
import { SimulationError } from "../../sim/core/index.ts";
import { NORMAL, URGENT } from "../../sim/core/index.ts";
import { Simulation } from "../../sim/core/index.ts";

test("callbacks run in time order, then priority, then the order they were scheduled", (t) => {
  const sim = new Simulation();
  const log: string[] = [];
  const note = (label: string) => log.push(`${sim.now}:${label}`);
  sim.schedule(2, note, "late");
  sim.schedule(1, note, "first normal");
  sim.schedule(1, note, "second normal");
  sim.schedule(1, note, "urgent", URGENT);
  sim.schedule(1, note, "lowest", NORMAL + 5);
  sim.run();
  t.deepEqual(log, ["1:urgent", "1:first normal", "1:second normal", "1:lowest", "2:late"]);
});

test("timeouts deliver their value at now + delay", (t) => {
  const sim = new Simulation();
  const timeout = sim.timeout(2.5, "done");
  let seenAt = NaN;
  timeout.addCallback((event) => {
    seenAt = sim.now;
    t.is(event.value, "done");
  });
  sim.run();
  t.is(seenAt, 2.5);
  t.true(timeout.processed);
});

test("run({ until: time }) leaves events at that time pending and sets the clock to it", (t) => {
  const sim = new Simulation();
  const ran: number[] = [];
  for (const at of [1, 2, 3]) sim.schedule(at, () => ran.push(at));
  sim.run({ until: 2 });
  t.deepEqual(ran, [1]);
  t.is(sim.now, 2);
  t.is(sim.peek(), 2);
  sim.run();
  t.deepEqual(ran, [1, 2, 3]);
});

test("run({ until: event }) stops once the event is processed", (t) => {
  const sim = new Simulation();
  const stop = sim.timeout(5);
  sim.schedule(7, () => t.fail("ran past the until event"));
  sim.run({ until: stop });
  t.is(sim.now, 5);
  t.is(sim.peek(), 7);
});

test("step processes one entry at a time and peek shows what comes next", (t) => {
  const sim = new Simulation();
  const ran: string[] = [];
  sim.schedule(1, () => ran.push("a"));
  sim.schedule(4, () => ran.push("b"));
  t.is(sim.peek(), 1);
  t.true(sim.step());
  t.deepEqual(ran, ["a"]);
  t.is(sim.peek(), 4);
  t.true(sim.step());
  t.false(sim.step());
  t.is(sim.peek(), Infinity);
});

test("a cancelled callback never runs", (t) => {
  const sim = new Simulation();
  const ran: string[] = [];
  const id = sim.schedule(1, () => ran.push("cancelled"));
  sim.schedule(2, () => ran.push("kept"));
  sim.cancel(id);
  sim.run();
  t.deepEqual(ran, ["kept"]);
});

test("the same seed gives a byte-identical event log; another seed does not", (t) => {
  const log = (seed: number) => {
    const sim = new Simulation({ seed });
    const lines: string[] = [];
    function* worker(name: string) {
      for (let i = 0; i < 50; i++) {
        yield sim.timeout(sim.rng(name).exponential(1));
        lines.push(`${sim.now.toFixed(12)} ${name}`);
      }
    }
    for (const name of ["a", "b", "c"]) sim.process(worker(name));
    sim.run();
    return lines.join("\n");
  };
  t.is(log(7), log(7));
  t.not(log(7), log(8));
});

test("bad delays, priorities and until times raise SimulationError saying what and when", (t) => {
  const sim = new Simulation();
  sim.run({ until: 10 });
  t.throws(() => sim.timeout(-1), {
    instanceOf: SimulationError,
    message: "t=10: timeout delay must be finite and >= 0, got -1",
  });
  t.throws(() => sim.timeout(NaN), { instanceOf: SimulationError, message: /got NaN/ });
  t.throws(() => sim.schedule(Infinity, () => {}), {
    instanceOf: SimulationError,
    message: /schedule delay/,
  });
  t.throws(() => sim.schedule(1, () => {}, undefined, 1.5), {
    instanceOf: SimulationError,
    message: /priority/,
  });
  t.throws(() => sim.schedule(1, () => {}, undefined, 256), {
    instanceOf: SimulationError,
    message: /priority/,
  });
  t.throws(() => sim.run({ until: 5 }), {
    instanceOf: SimulationError,
    message: "t=10: run: until=5 is earlier than now",
  });
  t.throws(() => sim.run({ until: NaN }), { instanceOf: SimulationError, message: /until must be a time/ });
});

test("run({ until: event }) raises when nothing is left and the event never came", (t) => {
  const sim = new Simulation();
  t.throws(() => sim.run({ until: sim.event() }), {
    instanceOf: SimulationError,
    message: /never processed/,
  });
});
