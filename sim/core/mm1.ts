/**
 * An M/M/1 queue on the event core: Poisson arrivals, one server with exponential service times, first come
 * first served. The smallest complete model (processes, a resource, named random streams), used by
 * `colloc demo` and as a worked example; M/M/1 theory gives the values it should approach.
 */
import { Resource } from "./resource.ts";
import { Simulation } from "./simulation.ts";

export interface Mm1Options {
  seed: number;
  customers: number;
  /** Arrivals per unit of time (lambda) and services per unit of busy time (mu). */
  arrivalRate: number;
  serviceRate: number;
}

export interface Mm1Result extends Mm1Options {
  /** Mean time from arrival to start of service, and from arrival to departure. */
  meanWait: number;
  meanTimeInSystem: number;
  /** Fraction of the time until the last departure during which the server was busy. */
  utilization: number;
  endTime: number;
  /** Steady-state M/M/1 values (Wq = rho / (mu - lambda), utilization rho); null when rho >= 1. */
  theory: { meanWait: number; meanTimeInSystem: number; utilization: number } | null;
}

export function simulateMm1(options: Mm1Options): Mm1Result {
  const { seed, customers, arrivalRate, serviceRate } = options;
  const sim = new Simulation({ seed });
  const server = new Resource(sim, 1);
  const arrivals = sim.rng("arrivals");
  const services = sim.rng("services");
  let totalWait = 0;
  let totalInSystem = 0;
  let busy = 0;
  let lastDeparture = 0;

  function* customer() {
    const arrived = sim.now;
    const request = server.request();
    yield request;
    totalWait += sim.now - arrived;
    const service = services.exponential(1 / serviceRate);
    busy += service;
    yield sim.timeout(service);
    server.release(request);
    totalInSystem += sim.now - arrived;
    lastDeparture = sim.now;
  }

  function* source() {
    for (let i = 0; i < customers; i++) {
      sim.process(customer(), `customer-${i}`);
      yield sim.timeout(arrivals.exponential(1 / arrivalRate));
    }
  }

  sim.process(source(), "source");
  sim.run();
  const rho = arrivalRate / serviceRate;
  const theory =
    rho < 1
      ? {
          meanWait: rho / (serviceRate - arrivalRate),
          meanTimeInSystem: 1 / (serviceRate - arrivalRate),
          utilization: rho,
        }
      : null;
  // The source's last timeout may outlive the last departure, so the horizon is the last departure.
  const endTime = lastDeparture;
  return {
    ...options,
    meanWait: totalWait / customers,
    meanTimeInSystem: totalInSystem / customers,
    utilization: busy / endTime,
    endTime,
    theory,
  };
}
