/**
 * The benchmark shapes on simjs (npm), written the way its documentation does: entities with timers and
 * `done` callbacks, a FCFS Facility for the server. simjs has no generator processes, so shape (b) runs
 * `processes` entities, each a chain of timers.
 */
import { createRequire } from "node:module";
import { SHAPES, delayOf } from "./core_shapes.ts";

/** The part of simjs these shapes use (the package ships no types). */
interface SimjsRequest {
  done(callback: () => void): SimjsRequest;
}
interface SimjsEntity {
  setTimer(duration: number): SimjsRequest;
  useFacility(facility: object, duration: number): SimjsRequest;
}
interface Simjs {
  Sim: new () => {
    addEntity(klass: new (...args: never[]) => SimjsEntity, name: string, ...args: unknown[]): void;
    simulate(endTime: number): void;
  };
  Entity: new (...args: never[]) => SimjsEntity;
  Facility: new (name: string) => object;
  Random: new (seed: number) => { exponential(rate: number): number };
}

/** simjs is a browser bundle: it publishes its classes as `window.Sim` and exports nothing to Node. */
function loadSimjs(): Simjs {
  const global = globalThis as { window?: { Sim?: Simjs } };
  global.window ??= {};
  createRequire(import.meta.url)("simjs");
  if (global.window.Sim === undefined) throw new Error("simjs did not define window.Sim");
  return global.window.Sim;
}

const simjs = loadSimjs();

// The entity classes are defined once, as a simjs program would: defined per run, every run would bring new
// object shapes and make simjs's own hot functions deoptimize, measuring that instead of simjs.

/** Counts of the current timer-chains run, shared by its chains. */
const chainRun = { fired: 0, total: 0, chains: 0 };

class Chain extends simjs.Entity {
  private delay = 0;
  start(delay: number): void {
    this.delay = delay;
    this.setTimer(0).done(this.tick);
  }
  tick(): void {
    chainRun.fired++;
    if (chainRun.fired + chainRun.chains <= chainRun.total) this.setTimer(this.delay).done(this.tick);
  }
}

/** `chains` timer chains on one simulation, `total` timer firings in all. */
function timerChains(total: number, chains: number): number {
  Object.assign(chainRun, { fired: 0, total, chains });
  const sim = new simjs.Sim();
  for (let chain = 0; chain < chains; chain++) sim.addEntity(Chain, `chain-${chain}`, delayOf(chain));
  sim.simulate(Infinity);
  return chainRun.fired;
}

export function callbacks(): number {
  return timerChains(SHAPES.callbacks.total, SHAPES.callbacks.chains);
}

export function generators(): number {
  return timerChains(SHAPES.generators.total, SHAPES.generators.processes);
}

/** State of the current M/M/1 run, shared by its source entity and departure callback. */
const mm1Run = {
  events: 0,
  server: null as object | null,
  random: null as { exponential(rate: number): number } | null,
};
const depart = () => mm1Run.events++;

class Source extends simjs.Entity {
  private arrived = 0;
  start(): void {
    this.arrive();
  }
  arrive(): void {
    const { customers, arrivalRate, serviceRate } = SHAPES.mm1;
    const random = mm1Run.random as { exponential(rate: number): number };
    mm1Run.events++; // arrival; the facility queues it FCFS and calls back at departure
    this.useFacility(mm1Run.server as object, random.exponential(serviceRate)).done(depart);
    if (++this.arrived < customers) this.setTimer(random.exponential(arrivalRate)).done(this.arrive);
  }
}

export function mm1(): number {
  Object.assign(mm1Run, { events: 0, server: new simjs.Facility("server"), random: new simjs.Random(1) });
  const sim = new simjs.Sim();
  sim.addEntity(Source, "source");
  sim.simulate(Infinity);
  return mm1Run.events;
}
