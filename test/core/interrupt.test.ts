import test from "ava";
import { SimulationError } from "../../sim/core/index.ts";
import { Interrupt } from "../../sim/core/index.ts";
import { Simulation } from "../../sim/core/index.ts";

test("an interrupt is thrown at the process's yield with its cause, and the process goes on", (t) => {
  const sim = new Simulation();
  const log: string[] = [];
  const sleeper = sim.process(
    (function* () {
      try {
        yield sim.timeout(10);
        log.push("woke normally");
      } catch (error) {
        t.true(error instanceof Interrupt);
        log.push(`interrupted at ${sim.now}: ${(error as Interrupt).cause}`);
      }
      yield sim.timeout(1);
      log.push(`done at ${sim.now}`);
    })(),
  );
  sim.schedule(4, () => sleeper.interrupt("maintenance"));
  sim.run();
  t.deepEqual(log, ["interrupted at 4: maintenance", "done at 5"]);
});

test("the timeout an interrupted process waited on no longer resumes it", (t) => {
  const sim = new Simulation();
  let resumptions = 0;
  const sleeper = sim.process(
    (function* () {
      try {
        yield sim.timeout(10);
      } catch {
        resumptions++;
      }
      resumptions++;
    })(),
  );
  sim.schedule(1, () => sleeper.interrupt());
  sim.run();
  t.is(resumptions, 2);
  t.is(sim.now, 10); // the timeout still fires, with nobody waiting
});

test("an interrupt the process does not catch fails it, and its waiter receives the Interrupt", (t) => {
  const sim = new Simulation();
  const victim = sim.process(
    (function* () {
      yield sim.timeout(10);
    })(),
  );
  let caught: unknown;
  sim.process(
    (function* () {
      try {
        yield victim;
      } catch (error) {
        caught = error;
      }
    })(),
  );
  sim.schedule(2, () => victim.interrupt({ reason: "evicted" }));
  sim.run();
  t.true(caught instanceof Interrupt);
  t.deepEqual((caught as Interrupt).cause, { reason: "evicted" });
});

test("interrupting an ended process or oneself raises SimulationError", (t) => {
  const sim = new Simulation();
  const quick = sim.process((function* () {})());
  sim.run();
  t.throws(() => quick.interrupt(), {
    instanceOf: SimulationError,
    message: /process 'process-0': it has ended/,
  });
  sim.process(
    (function* () {
      sim.activeProcess?.interrupt();
      yield sim.timeout(1);
    })(),
    "selfish",
  );
  t.throws(() => sim.run(), { instanceOf: SimulationError, message: /'selfish' cannot interrupt itself/ });
});
