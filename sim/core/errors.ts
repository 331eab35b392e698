/** Errors that carry enough context for one clear message to the user. */

/** Bad input from a file or argument: names the file, the field path and what was expected. */
export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly expected: string,
    readonly got?: unknown,
  ) {
    const gotText = got === undefined ? "" : `, got ${JSON.stringify(got)}`;
    const where = field ? `${file}: ${field}` : file;
    super(`${where}: expected ${expected}${gotText}`);
    this.name = "InputError";
  }
}

/** Misuse of the simulation API (bad delay, non-event yielded, time running backwards). */
export class SimulationError extends Error {
  override name = "SimulationError";
}
