/** What a process receives, thrown at its current `yield`, when another party interrupts it. */
export class Interrupt extends Error {
  override name = "Interrupt";

  /** `cause` is whatever the interrupter passed (a string, a Preempted record, ...): read it as `error.cause`. */
  constructor(cause: unknown) {
    super(`interrupted: ${describe(cause)}`, { cause });
  }
}

function describe(cause: unknown): string {
  if (typeof cause === "object" && cause !== null) return cause.constructor?.name ?? "object";
  return String(cause);
}
