/**
 * The simulation: a clock, the agenda of pending entries, and the factories for events, processes, conditions and
 * random streams. Events at equal times run by priority, then in the order they were scheduled.
 */
import { allOf, anyOf } from "./condition.ts";
import { SimulationError } from "./errors.ts";
import { Event, NORMAL, PROCESSED, TRIGGERED } from "./event.ts";
import { Agenda } from "./agenda.ts";
import { MAX_PRIORITY, type Handler } from "./heap.ts";
import { Process, type ProcessBody } from "./process.ts";
import { RandomStream } from "./random.ts";

export interface SimulationOptions {
  /** Seed of every random stream (`sim.rng(name)`); the same seed gives the same run. */
  seed?: number | string;
}

export interface RunOptions {
  /** Stop before events at this time (the clock then reads `until`), or once this event is processed. */
  until?: number | Event;
}

export class Simulation {
  /** Current simulated time. */
  now = 0;
  /** The process whose generator is running right now, if any. */
  activeProcess: Process | null = null;
  readonly seed: number | string;
  private readonly agenda = new Agenda();
  private readonly cancelled = new Set<number>();
  private readonly streams = new Map<string, RandomStream>();
  private processCount = 0;

  constructor(options: SimulationOptions = {}) {
    this.seed = options.seed ?? 0;
  }

  /**
   * Callback fast path: call `handler(arg)` after `delay`, with no Event object. Returns an id for `cancel`.
   * Lower `priority` (an integer 0..255; URGENT = 0, NORMAL = 1) goes first among entries of equal time.
   */
  schedule<A>(delay: number, handler: Handler<A>, arg?: A, priority = NORMAL): number {
    if (!(delay >= 0 && delay < Infinity))
      throw this.misuse(`schedule delay must be finite and >= 0, got ${delay}`);
    // MAX_PRIORITY is 2^8 - 1, so the mask keeps exactly the integers 0..255 unchanged.
    if ((priority & MAX_PRIORITY) !== priority) {
      throw this.misuse(`schedule priority must be an integer in 0..${MAX_PRIORITY}, got ${priority}`);
    }
    return this.agenda.push(this.now + delay, priority, handler, arg as A);
  }

  /** Drop a callback scheduled earlier and still pending (cancelling one that already ran has no effect). */
  cancel(id: number): void {
    this.cancelled.add(id);
  }

  /** An event that succeeds with `value` after `delay`. */
  timeout<T = undefined>(delay: number, value?: T): Event<T> {
    if (!(delay >= 0 && delay < Infinity))
      throw this.misuse(`timeout delay must be finite and >= 0, got ${delay}`);
    const event = new Event<T>(this);
    event.value = value as T;
    event.state = TRIGGERED;
    this.agenda.push(this.now + delay, NORMAL, null, event);
    return event;
  }

  /** A pending event, triggered later by `succeed` or `fail`. */
  event<T = unknown>(): Event<T> {
    return new Event<T>(this);
  }

  /** Start a process from a generator; it runs its first step at the current time, before NORMAL events. */
  process<R>(body: ProcessBody<R>, name?: string): Process<R> {
    return new Process(this, body, name ?? this.processCount++);
  }

  /** An event that succeeds once all `events` succeed (value: Map event -> value), or fails with the first failure. */
  allOf(events: Event[]): Event<Map<Event, unknown>> {
    return allOf(this, events);
  }

  /** An event that succeeds once any of `events` succeeds (value: Map of those that had), or fails with a failure. */
  anyOf(events: Event[]): Event<Map<Event, unknown>> {
    return anyOf(this, events);
  }

  /** The random stream called `name`: its sequence depends only on the simulation seed and the name. */
  rng(name: string): RandomStream {
    let stream = this.streams.get(name);
    if (stream === undefined) {
      stream = new RandomStream(this.seed, name);
      this.streams.set(name, stream);
    }
    return stream;
  }

  /** Time of the next scheduled entry, or Infinity when nothing is scheduled. */
  peek(): number {
    return this.agenda.peekTime();
  }

  /** Process the next scheduled entry; false when nothing was left to process. */
  step(): boolean {
    return this.runEntries(Infinity, 1, null) === 1;
  }

  /** Process events until `until` (a time or an event) or until nothing is scheduled. */
  run(options: RunOptions = {}): void {
    const until = options.until;
    if (until instanceof Event) {
      if (until.state === PROCESSED) return;
      let done = false;
      until.addCallback(() => (done = true));
      this.runEntries(Infinity, Infinity, () => done);
      if (!done) throw this.misuse("run: nothing left to schedule but the `until` event was never processed");
      return;
    }
    const limit = until ?? Infinity;
    if (typeof limit !== "number" || Number.isNaN(limit))
      throw this.misuse(`run: until must be a time or an Event, got ${String(until)}`);
    if (limit < this.now) throw this.misuse(`run: until=${limit} is earlier than now`);
    this.runEntries(limit, Infinity, null);
    if (limit !== Infinity) this.now = limit;
  }

  /** A SimulationError naming the current time and process, for API misuse. */
  misuse(message: string): SimulationError {
    const where = this.activeProcess === null ? "" : ` in process '${this.activeProcess.name}'`;
    return new SimulationError(`t=${this.now}${where}: ${message}`);
  }

  /** Schedule an already-triggered event to be processed after `delay` (used by events themselves). */
  enqueue(event: Event, delay: number, priority: number): void {
    this.agenda.push(this.now + delay, priority, null, event);
  }

  // The hot loop: entries strictly before `limit`, at most `maxEntries`, until `stop()` says so.
  // Returns how many entries it handled (cancelled ones are dropped without counting).
  private runEntries(limit: number, maxEntries: number, stop: (() => boolean) | null): number {
    const agenda = this.agenda;
    const cancelled = this.cancelled;
    let handled = 0;
    while (handled < maxEntries && agenda.peekTime() < limit) {
      const time = agenda.pop();
      if (cancelled.size !== 0 && cancelled.delete(agenda.poppedId())) continue;
      this.now = time;
      const handler = agenda.poppedHandler;
      if (handler === null) (agenda.poppedArg as Event).runCallbacks();
      else handler(agenda.poppedArg);
      handled++;
      if (stop !== null && stop()) break;
    }
    return handled;
  }
}
