import test from "ava";
import { Simulation } from "../../sim/core/index.ts";

test("allOf succeeds when the last event does, with every value in list order", (t) => {
  const sim = new Simulation();
  const a = sim.timeout(3, "a");
  const b = sim.timeout(1, "b");
  let at = NaN;
  let values: unknown[] = [];
  sim.process(
    (function* () {
      const result: Map<unknown, unknown> = yield sim.allOf([a, b]);
      at = sim.now;
      values = [...result.values()];
    })(),
  );
  sim.run();
  t.is(at, 3);
  t.deepEqual(values, ["a", "b"]);
});

test("anyOf succeeds with the first event, and tells which ones had happened", (t) => {
  const sim = new Simulation();
  const slow = sim.timeout(5, "slow");
  const fast = sim.timeout(2, "fast");
  let result = new Map<unknown, unknown>();
  sim.process(
    (function* () {
      result = yield sim.anyOf([slow, fast]);
    })(),
  );
  sim.run({ until: 3 });
  t.false(result.has(slow));
  t.is(result.get(fast), "fast");
});

test("a failing event fails the condition and its waiter catches the error", (t) => {
  const sim = new Simulation();
  const failing = sim.event();
  sim.schedule(1, () => failing.fail(new Error("broken")));
  let caught: unknown;
  sim.process(
    (function* () {
      try {
        yield sim.allOf([sim.timeout(5), failing]);
      } catch (error) {
        caught = error;
      }
    })(),
  );
  sim.run();
  t.is((caught as Error).message, "broken");
});

test("conditions over no events, or over events already processed, succeed at once", (t) => {
  const sim = new Simulation();
  const done = sim.timeout(1, "done");
  sim.run();
  const empty = sim.allOf([]);
  const over = sim.anyOf([done]);
  sim.run();
  t.deepEqual([...(empty.value as Map<unknown, unknown>)], []);
  t.is(over.value.get(done), "done");
});
