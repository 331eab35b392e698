import test from "ava";
import { Container } from "../../sim/core/index.ts";
import { SimulationError } from "../../sim/core/index.ts";
import { Simulation } from "../../sim/core/index.ts";

test("gets wait for the level and are served strictly in order, a large head holding back smaller ones", (t) => {
  const sim = new Simulation();
  const tank = new Container(sim, 100, 10);
  const served: string[] = [];
  for (const amount of [30, 5]) tank.get(amount).addCallback(() => served.push(`${sim.now} got ${amount}`));
  sim.schedule(1, () => tank.put(25)); // level 35: the head (30) goes, then the 5
  sim.run();
  t.deepEqual(served, ["1 got 30", "1 got 5"]);
  t.is(tank.level, 0);
});

test("puts wait for room and enter as gets drain the container", (t) => {
  const sim = new Simulation();
  const tank = new Container(sim, 10, 8);
  const done: string[] = [];
  tank.put(5).addCallback(() => done.push(`${sim.now} put 5 (level ${tank.level})`));
  sim.schedule(2, () => tank.get(4));
  sim.run();
  t.deepEqual(done, ["2 put 5 (level 9)"]);
});

test("amounts outside (0, capacity] and bad initial levels raise SimulationError", (t) => {
  const sim = new Simulation();
  const tank = new Container(sim, 10);
  t.throws(() => tank.get(0), {
    instanceOf: SimulationError,
    message: /get amount must be in \(0, 10\], got 0/,
  });
  t.throws(() => tank.put(11), { instanceOf: SimulationError, message: /put amount/ });
  t.throws(() => tank.put(NaN), { instanceOf: SimulationError, message: /got NaN/ });
  t.throws(() => new Container(sim, 10, 20), { instanceOf: SimulationError, message: /initial level/ });
});
