import test from "ava";
import fc from "fast-check";
import { Simulation, URGENT } from "../../sim/core/index.ts";

/** What one entry schedules: its delay (zero delays are common, as in models), priority, and how many entries it schedules when run. */
interface Plan {
  delay: number;
  priority: number;
  spawns: number;
}

type Schedule = (delay: number, priority: number, run: () => void) => void;

/**
 * Run a program on a scheduler: three entries from the start, then each entry, when run, schedules the next
 * `spawns` plans of the list. Returns the plan indices in the order they ran.
 */
function play(plans: Plan[], schedule: Schedule): number[] {
  const ran: number[] = [];
  let next = 0;
  const spawn = (count: number) => {
    for (let i = 0; i < count && next < plans.length; i++) {
      const index = next++;
      schedule(plans[index].delay, plans[index].priority, () => {
        ran.push(index);
        spawn(plans[index].spawns);
      });
    }
  };
  spawn(3);
  return ran;
}

/** The reference: a plain list, sorted by (time, priority, insertion order) before each pop. */
function reference(plans: Plan[]): number[] {
  const pending: { time: number; priority: number; order: number; run: () => void }[] = [];
  let now = 0;
  let order = 0;
  const log = play(plans, (delay, priority, run) =>
    pending.push({ time: now + delay, priority, order: order++, run }),
  );
  while (pending.length > 0) {
    pending.sort((a, b) => a.time - b.time || a.priority - b.priority || a.order - b.order);
    const entry = pending.shift() as (typeof pending)[number];
    now = entry.time;
    entry.run();
  }
  return log;
}

const plan = fc.record({
  delay: fc.constantFrom(0, 0, 0, 0.5, 1),
  priority: fc.integer({ min: 0, max: 3 }), // URGENT, NORMAL, and two more that only the heap holds
  spawns: fc.integer({ min: 0, max: 3 }),
});

test("mixed zero-delay and later schedules run in (time, priority, insertion) order", (t) => {
  const check = () =>
    fc.assert(
      fc.property(fc.array(plan, { maxLength: 200, size: "max" }), (plans) => {
        const sim = new Simulation();
        const log = play(plans, (delay, priority, run) => sim.schedule(delay, run, undefined, priority));
        sim.run();
        return JSON.stringify(log) === JSON.stringify(reference(plans));
      }),
    );
  t.notThrows(check);
});

test("a cancelled zero-delay entry never runs, and its neighbours of either priority still do", (t) => {
  const sim = new Simulation();
  const ran: string[] = [];
  sim.schedule(1, () => {
    sim.schedule(0, () => ran.push("normal a"));
    const id = sim.schedule(0, () => ran.push("cancelled"));
    sim.schedule(0, () => ran.push("normal b"));
    sim.schedule(0, () => ran.push("urgent a"), undefined, URGENT);
    sim.schedule(0, () => ran.push("urgent b"), undefined, URGENT);
    sim.cancel(id);
  });
  sim.run();
  t.deepEqual(ran, ["urgent a", "urgent b", "normal a", "normal b"]);
});
