/**
 * The benchmark shapes on colloc's event core. Each returns the model events it counted. The M/M/1 queue
 * comes twice: with callbacks, the way the simjs version is written (simjs has no processes), and with
 * generator processes, the way the SimPy version is; each is compared with its own kind.
 */
import { Resource, Simulation, type Event, type Request } from "../sim/core/index.ts";
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

/** The M/M/1 queue both versions run: one server, and draws of the time to the next arrival and of a service. */
function mm1Queue() {
  const { customers, arrivalRate, serviceRate } = SHAPES.mm1;
  const sim = new Simulation({ seed: 1 });
  const arrivals = sim.rng("arrivals");
  const services = sim.rng("services");
  return {
    sim,
    server: new Resource(sim, 1),
    arrival: () => arrivals.exponential(1 / arrivalRate),
    service: () => services.exponential(1 / serviceRate),
    customers,
  };
}

/** M/M/1 with callbacks: arrivals chain through `schedule`, each granted request schedules its departure. */
export function mm1(): number {
  const { sim, server, arrival, service, customers } = mm1Queue();
  let events = 0;
  let arrived = 0;
  const depart = (request: Request) => {
    server.release(request);
    events++; // departure
  };
  // A request's callbacks receive the request itself.
  const serve = (granted: Event) => sim.schedule(service(), depart, granted as Request);
  const arrive = () => {
    events++; // arrival
    server.request().addCallback(serve);
    if (++arrived < customers) sim.schedule(arrival(), arrive);
  };
  sim.schedule(0, arrive);
  sim.run();
  return events;
}

/** M/M/1 with a generator process per customer, as SimPy models it. */
export function mm1Processes(): number {
  const { sim, server, arrival, service, customers } = mm1Queue();
  let events = 0;
  function* customer() {
    events++; // arrival
    const request = server.request();
    yield request;
    yield sim.timeout(service());
    server.release(request);
    events++; // departure
  }
  function* source() {
    for (let i = 0; i < customers; i++) {
      sim.process(customer());
      yield sim.timeout(arrival());
    }
  }
  sim.process(source());
  sim.run();
  return events;
}
