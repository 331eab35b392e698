/** Errors of the event core itself. */

/** Misuse of the simulation API (bad delay, non-event yielded, time running backwards). */
export class SimulationError extends Error {
  override name = "SimulationError";
}
