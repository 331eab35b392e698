/**
 * An M/M/1 queue on the event core: Poisson arrivals, one server with exponential service times, first come
 * first served. The smallest complete model (processes, a resource, named random streams), used by
 * `colloc demo` and as a worked example; M/M/1 theory gives the values it should approach.
 */
import { batchMeans, type Estimate } from "./batch-means.ts";
import { Resource, Simulation } from "../core/index.ts";

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
  /**
   * Steady-state estimates with 95% confidence intervals (batch means after a warm-up, batch-means.ts); null
   * for a run too short to batch. Theory should lie within mean +- halfWidth about 19 runs in 20.
   */
  intervals: { meanWait: Estimate | null; meanTimeInSystem: Estimate | null; utilization: Estimate | null };
  /** Steady-state M/M/1 values (Wq = rho / (mu - lambda), utilization rho); null when rho >= 1. */
  theory: { meanWait: number; meanTimeInSystem: number; utilization: number } | null;
}

export function simulateMm1(options: Mm1Options): Mm1Result {
  const { seed, customers, arrivalRate, serviceRate } = options;
  const sim = new Simulation({ seed });
  const server = new Resource(sim, 1);
  const arrivals = sim.rng("arrivals");
  const services = sim.rng("services");
  // Per customer, in arrival order (first come first served: also departure order).
  const wait = new Float64Array(customers);
  const inSystem = new Float64Array(customers);
  const service = new Float64Array(customers);
  const sinceLastDeparture = new Float64Array(customers);
  let lastDeparture = 0;

  function* customer(i: number) {
    const arrived = sim.now;
    const request = server.request();
    yield request;
    wait[i] = sim.now - arrived;
    service[i] = services.exponential(1 / serviceRate);
    yield sim.timeout(service[i]);
    server.release(request);
    inSystem[i] = sim.now - arrived;
    sinceLastDeparture[i] = sim.now - lastDeparture;
    lastDeparture = sim.now;
  }

  function* source() {
    for (let i = 0; i < customers; i++) {
      sim.process(customer(i), `customer-${i}`);
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
  const total = (values: Float64Array) => values.reduce((s, v) => s + v, 0);
  // The source's last timeout may outlive the last departure, so the horizon is the last departure.
  const endTime = lastDeparture;
  return {
    ...options,
    meanWait: total(wait) / customers,
    meanTimeInSystem: total(inSystem) / customers,
    utilization: total(service) / endTime,
    endTime,
    intervals: {
      meanWait: batchMeans(wait),
      meanTimeInSystem: batchMeans(inSystem),
      utilization: batchMeans(service, sinceLastDeparture),
    },
    theory,
  };
}
