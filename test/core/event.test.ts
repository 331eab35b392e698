import test from "ava";
import { SimulationError } from "../../sim/core/index.ts";
import { Simulation } from "../../sim/core/index.ts";

test("succeed delivers the value to every callback, in the order they were added", (t) => {
  const sim = new Simulation();
  const event = sim.event<number>();
  const seen: string[] = [];
  event.addCallback((e) => seen.push(`first ${e.value}`));
  event.addCallback((e) => seen.push(`second ${e.value}`));
  event.addCallback((e) => seen.push(`third ${e.value}`));
  sim.schedule(3, () => event.succeed(42));
  sim.run();
  t.deepEqual(seen, ["first 42", "second 42", "third 42"]);
  t.true(event.ok);
  t.true(event.processed);
});

test("a removed callback is not called", (t) => {
  const sim = new Simulation();
  const event = sim.event();
  const seen: string[] = [];
  const dropped = () => seen.push("dropped");
  event.addCallback(dropped);
  event.addCallback(() => seen.push("kept"));
  event.removeCallback(dropped);
  event.succeed();
  sim.run();
  t.deepEqual(seen, ["kept"]);
});

test("a failure nobody handles aborts the run with the original error", (t) => {
  const sim = new Simulation();
  const boom = new Error("boom");
  sim.event().fail(boom);
  t.is(
    t.throws(() => sim.run()),
    boom,
  );
});

test("triggering twice or adding a callback after processing raises SimulationError", (t) => {
  const sim = new Simulation();
  const event = sim.event().succeed(1);
  t.throws(() => event.succeed(2), { instanceOf: SimulationError, message: /already triggered/ });
  t.throws(() => event.fail(new Error("late")), {
    instanceOf: SimulationError,
    message: /already triggered/,
  });
  sim.run();
  t.throws(() => event.addCallback(() => {}), { instanceOf: SimulationError, message: /already processed/ });
});
