/** The benchmark shapes on colloc's event core. Each returns the model events it counted. */
import { Resource, Simulation } from "../sim/core/index.ts";
import { SHAPES, delayOf } from "./core_shapes.ts";

export function callbacks(): number {
  const { total, chains } = SHAPES.callbacks;
  const sim = new Simulation();
  let fired = 0;
  const tick = (chain: number) => {
    fired++;
    if (fired + chains <= total) sim.schedule(delayOf(chain), tick, chain);
  };
  for (let chain = 0; chain < chains; chain++) sim.schedule(0, tick, chain);
  sim.run();
  return fired;
}

export function generators(): number {
  const { total, processes } = SHAPES.generators;
  const sim = new Simulation();
  let resumed = 0;
  function* body(delay: number) {
    for (let i = 0; i < total / processes; i++) {
      yield sim.timeout(delay);
      resumed++;
    }
  }
  for (let p = 0; p < processes; p++) sim.process(body(delayOf(p)));
  sim.run();
  return resumed;
}

export function mm1(): number {
  const { customers, arrivalRate, serviceRate } = SHAPES.mm1;
  const sim = new Simulation({ seed: 1 });
  const server = new Resource(sim, 1);
  const arrivals = sim.rng("arrivals");
  const services = sim.rng("services");
  let events = 0;
  function* customer() {
    events++; // arrival
    const request = server.request();
    yield request;
    yield sim.timeout(services.exponential(1 / serviceRate));
    server.release(request);
    events++; // departure
  }
  function* source() {
    for (let i = 0; i < customers; i++) {
      sim.process(customer());
      yield sim.timeout(arrivals.exponential(1 / arrivalRate));
    }
  }
  sim.process(source());
  sim.run();
  return events;
}
