/**
 * Conditions: events that trigger when all, or any, of a list of events have been processed. The value maps
 * each event that succeeded by then to its value, in the order of the list; the first failure fails the
 * condition (and counts as handled, so it reaches the condition's waiters instead of aborting the run).
 */
import { Event, PENDING, PROCESSED } from "./event.ts";
import type { Simulation } from "./simulation.ts";

export function allOf(sim: Simulation, events: Event[]): Event<Map<Event, unknown>> {
  return condition(sim, events, events.length);
}

export function anyOf(sim: Simulation, events: Event[]): Event<Map<Event, unknown>> {
  return condition(sim, events, Math.min(events.length, 1));
}

/** Succeeds once `target` of `events` have succeeded (at once when `target` is 0). */
function condition(sim: Simulation, events: Event[], target: number): Event<Map<Event, unknown>> {
  const result = new Event<Map<Event, unknown>>(sim);
  let succeeded = 0;
  const check = (event: Event) => {
    if (result.state !== PENDING) return;
    if (!event.ok) {
      event.defused = true;
      result.fail(event.value);
      return;
    }
    if (++succeeded >= target) result.succeed(valuesOf(events));
  };
  if (target === 0) result.succeed(new Map());
  for (const event of events) {
    if (event.sim !== sim) throw sim.misuse("a condition mixes events of different simulations");
    if (event.state === PROCESSED) check(event);
    else event.addCallback(check);
  }
  return result;
}

function valuesOf(events: Event[]): Map<Event, unknown> {
  const values = new Map<Event, unknown>();
  for (const event of events) if (event.state === PROCESSED && event.ok) values.set(event, event.value);
  return values;
}
