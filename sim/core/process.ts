/**
 * A process: a generator function driven by the simulation. Each `yield event` suspends it until the event
 * is processed, then resumes it with the event's value (or throws the event's error at the `yield`).
 * The process is itself an event: it succeeds with the generator's return value, or fails with what the
 * generator threw, so whoever waits on it receives either.
 */
import { Event, PENDING, PROCESSED, URGENT, type Resumable } from "./event.ts";
import { Interrupt } from "./interrupt.ts";
import type { Simulation } from "./simulation.ts";

/** The body of a process. What a `yield` evaluates to is the yielded event's value, so it is typed loosely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ProcessBody<R = unknown> = Generator<Event<any>, R, any>;

export class Process<R = unknown> extends Event<R> implements Resumable {
  /** The event this process waits on, or null while it runs or before it starts. */
  private target: Event | null = null;
  // The generator's own next/throw, kept so that resuming calls them directly: every generator function has
  // its own prototype, so `this.body.next` would be a megamorphic lookup once a model has several of them.
  private readonly advance: ProcessBody<R>["next"];
  private readonly raise: ProcessBody<R>["throw"];

  /** `label` is a name, or a number that names it `process-<number>` when first asked (saves a string per process). */
  constructor(
    sim: Simulation,
    private readonly body: ProcessBody<R>,
    private readonly label: string | number,
  ) {
    super(sim);
    this.advance = body.next;
    this.raise = body.throw;
    sim.schedule(0, startProcess, this, URGENT);
  }

  get name(): string {
    return typeof this.label === "string" ? this.label : `process-${this.label}`;
  }

  /** True until the generator returns or throws. */
  get isAlive(): boolean {
    return this.state === PENDING;
  }

  /** Throw an Interrupt carrying `cause` at the process's current `yield`, before other events of this time. */
  interrupt(cause?: unknown): void {
    if (this.state !== PENDING)
      throw this.sim.misuse(`cannot interrupt process '${this.name}': it has ended`);
    if (this.sim.activeProcess === this)
      throw this.sim.misuse(`process '${this.name}' cannot interrupt itself`);
    this.sim.schedule(0, deliverInterrupt, { process: this as Process, cause }, URGENT);
  }

  /** Advance the generator with `event`'s outcome until it waits on an unprocessed event or ends. */
  resume(event: Event | null): void {
    const sim = this.sim;
    sim.activeProcess = this;
    this.target = null;
    for (;;) {
      let step: IteratorResult<Event, R>;
      try {
        if (event === null) step = this.advance.call(this.body);
        else if (event.ok) step = this.advance.call(this.body, event.value);
        else {
          event.defused = true;
          step = this.raise.call(this.body, event.value);
        }
      } catch (error) {
        sim.activeProcess = null;
        this.fail(error);
        return;
      }
      if (step.done === true) {
        sim.activeProcess = null;
        this.succeed(step.value);
        return;
      }
      const next = step.value;
      if (!(next instanceof Event)) {
        sim.activeProcess = null;
        throw sim.misuse(
          `process '${this.name}' yielded ${describe(next)}; expected an Event (e.g. sim.timeout(d))`,
        );
      }
      if (next.state !== PROCESSED) {
        next.addCallback(this);
        this.target = next;
        sim.activeProcess = null;
        return;
      }
      event = next; // already processed: resume at once with its outcome
    }
  }

  /** Stop waiting on the current target and resume with an Interrupt (ignored if the process has ended). */
  receiveInterrupt(cause: unknown): void {
    if (this.state !== PENDING) return;
    this.target?.removeCallback(this);
    const interruption = new Event(this.sim);
    interruption.ok = false;
    interruption.value = new Interrupt(cause);
    interruption.state = PROCESSED;
    this.resume(interruption);
  }
}

function startProcess(process: Process): void {
  process.resume(null);
}

function deliverInterrupt({ process, cause }: { process: Process; cause: unknown }): void {
  process.receiveInterrupt(cause);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === "object") return `an object of type ${value.constructor?.name ?? "Object"}`;
  return `a ${typeof value} (${String(value)})`;
}
