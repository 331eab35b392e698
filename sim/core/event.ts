/**
 * An event: something that happens at one simulated time. It is pending until triggered (succeed or fail),
 * then sits in the simulation's heap until processed, when its callbacks run in the order they were added.
 * Processes wait on events by yielding them; the event's value (or error) is what the process receives.
 */
import type { Simulation } from "./simulation.ts";

export const PENDING = 0;
export const TRIGGERED = 1;
export const PROCESSED = 2;

/** Heap priorities of events scheduled at the same time: URGENT ones go first. */
export const URGENT = 0;
export const NORMAL = 1;

export type Callback<T = unknown> = (event: Event<T>) => void;

/** A waiter stored as itself rather than as a closure (a process), so waiting allocates nothing. */
export interface Resumable {
  resume(event: Event): void;
}

// Stored callbacks are untyped so that Event<T> stays covariant in T (an Event<number> is an Event<unknown>).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Waiter = ((event: any) => void) | Resumable;

export class Event<T = unknown> {
  /** PENDING, TRIGGERED or PROCESSED. */
  state = PENDING;
  /** Whether the event succeeded; meaningful once triggered. */
  ok = true;
  /** The success value, or the error when it failed. */
  value: T = undefined as T;
  /** Set when someone took charge of this event's failure, so the simulation does not raise it. */
  defused = false;
  // The first callback has its own slot: nearly every event has exactly one waiter.
  private first: Waiter | null = null;
  private rest: Waiter[] | null = null;

  constructor(readonly sim: Simulation) {}

  get triggered(): boolean {
    return this.state !== PENDING;
  }

  get processed(): boolean {
    return this.state === PROCESSED;
  }

  /** Trigger with a value; callbacks run when the simulation reaches this event (now, after earlier ones). */
  succeed(value?: T): this {
    this.checkPending("succeed");
    this.value = value as T;
    this.sim.enqueue(this, 0, NORMAL);
    return this;
  }

  /** Trigger as failed: processes waiting on it receive `error` thrown at their `yield`. */
  fail(error: unknown): this {
    this.checkPending("fail");
    this.ok = false;
    this.value = error as T;
    this.sim.enqueue(this, 0, NORMAL);
    return this;
  }

  /** Run `callback` (or resume a waiting process) when this event is processed. */
  addCallback(callback: Callback<T> | Resumable): void {
    if (this.state === PROCESSED) throw this.sim.misuse("addCallback on an event that was already processed");
    if (this.first === null) this.first = callback;
    else if (this.rest === null) this.rest = [callback];
    else this.rest.push(callback);
  }

  /** Forget a callback added earlier (a process that was interrupted stops waiting). */
  removeCallback(callback: Callback<T> | Resumable): void {
    if (this.first === callback) {
      this.first = this.rest === null ? null : (this.rest.shift() ?? null);
      if (this.rest !== null && this.rest.length === 0) this.rest = null;
    } else if (this.rest !== null) {
      const index = this.rest.indexOf(callback);
      if (index >= 0) this.rest.splice(index, 1);
    }
  }

  /** Called by the simulation when the event's time comes: run callbacks, raise an unhandled failure. */
  runCallbacks(): void {
    this.state = PROCESSED;
    const first = this.first;
    if (first !== null) {
      this.first = null;
      notify(first, this);
      const rest = this.rest;
      if (rest !== null) {
        this.rest = null;
        for (let i = 0; i < rest.length; i++) notify(rest[i], this);
      }
    }
    if (!this.ok && !this.defused) throw this.value;
  }

  private checkPending(action: string): void {
    if (this.state !== PENDING) throw this.sim.misuse(`${action} on an event that was already triggered`);
    this.state = TRIGGERED;
  }
}

function notify(waiter: Waiter, event: Event): void {
  if (typeof waiter === "function") waiter(event);
  else waiter.resume(event);
}
