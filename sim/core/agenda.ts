/**
 * Everything scheduled and not yet run: the heap for later times, plus a "now queue" (one FIFO per
 * priority URGENT and NORMAL) for entries due at the current time, the time of the last pop. Most entries
 * of a model are of that kind (a request granted, an event succeeded, a process started), and a FIFO append
 * and shift cost far less than a heap push and pop.
 *
 * The order stays (time, priority, insertion order) exactly, because entries never go back in time: every
 * heap entry due now was pushed before the clock reached now, so before every now-queue entry. Hence the
 * next entry is the heap's top if it is due now with a priority no higher than the first non-empty FIFO's,
 * and that FIFO's head otherwise. Other priorities (2..255) are rare and go to the heap at any time.
 */
import { NORMAL, URGENT } from "./event.ts";
import { EventHeap, type Handler } from "./heap.ts";

export class Agenda {
  private readonly heap = new EventHeap();
  /** The now-queues, one per priority. */
  private readonly urgent = new Fifo(URGENT);
  private readonly normal = new Fifo(NORMAL);
  /** Time of the last pop: entries pushed for this time go to a now-queue. */
  private current = 0;

  /** Handler and argument of the entry the last `pop` removed. */
  poppedHandler: Handler | null = null;
  poppedArg: unknown = undefined;
  /** Id of the entry the last `pop` removed if it came from a now-queue; null: ask the heap. */
  private poppedNowId: number | null = null;

  /** Add an entry due at `time` (never before the last pop's time); returns its id. */
  push<A>(time: number, priority: number, handler: Handler<A> | null, arg: A): number {
    if (time === this.current && priority <= NORMAL) {
      return (priority === URGENT ? this.urgent : this.normal).push(handler as Handler, arg);
    }
    return this.heap.push(time, priority, handler, arg);
  }

  /** Time of the earliest entry, or Infinity when none is left. */
  peekTime(): number {
    return this.urgent.size + this.normal.size > 0 ? this.current : this.heap.peekTime();
  }

  /** Remove the earliest entry (there must be one) and return its time; see `popped*` for the rest. */
  pop(): number {
    const fifo = this.urgent.size > 0 ? this.urgent : this.normal.size > 0 ? this.normal : null;
    const heap = this.heap;
    if (fifo !== null && !(heap.peekTime() === this.current && heap.peekPriority() <= fifo.priority)) {
      this.poppedHandler = fifo.headHandler();
      this.poppedArg = fifo.headArg();
      this.poppedNowId = fifo.shift();
      return this.current;
    }
    const time = heap.pop();
    this.current = time;
    this.poppedHandler = heap.poppedHandler;
    this.poppedArg = heap.poppedArg;
    this.poppedNowId = null;
    return time;
  }

  /** Id that `push` returned for the entry the last `pop` removed (asked only when something was cancelled). */
  poppedId(): number {
    return this.poppedNowId ?? this.heap.poppedId();
  }
}

/**
 * A FIFO of (handler, argument) in ring buffers that double when full. Entry k (counting from 0) has the id
 * -(2k + priority) - 1: negative, so it never clashes with the heap's ids (>= 0), nor with the other FIFO's.
 */
class Fifo {
  size = 0;
  /** Entries shifted so far: the head's k. */
  private shifted = 0;
  private head = 0;
  private mask = 63;
  private handlers: (Handler | null)[] = new Array<Handler | null>(64).fill(null);
  private args: unknown[] = new Array<unknown>(64).fill(undefined);

  /** `priority` is URGENT or NORMAL: the priority of every entry of this FIFO. */
  constructor(readonly priority: number) {}

  /** Append an entry; returns its id. */
  push(handler: Handler | null, arg: unknown): number {
    if (this.size > this.mask) this.grow();
    const at = (this.head + this.size) & this.mask;
    this.handlers[at] = handler;
    this.args[at] = arg;
    return this.idOf(this.shifted + this.size++);
  }

  headHandler(): Handler | null {
    return this.handlers[this.head];
  }

  headArg(): unknown {
    return this.args[this.head];
  }

  /** Drop the head (clearing its payload for the garbage collector) and return its id. */
  shift(): number {
    const at = this.head;
    this.handlers[at] = null;
    this.args[at] = undefined;
    this.head = (at + 1) & this.mask;
    this.size--;
    return this.idOf(this.shifted++);
  }

  private idOf(k: number): number {
    return -(2 * k + this.priority) - 1;
  }

  // Unroll the ring into arrays twice as long, head first.
  private grow(): void {
    const capacity = 2 * (this.mask + 1);
    const order = (i: number) => (this.head + i) & this.mask;
    const handlers = new Array<Handler | null>(capacity).fill(null);
    const args = new Array<unknown>(capacity).fill(undefined);
    for (let i = 0; i < this.size; i++) {
      handlers[i] = this.handlers[order(i)];
      args[i] = this.args[order(i)];
    }
    this.handlers = handlers;
    this.args = args;
    this.head = 0;
    this.mask = capacity - 1;
  }
}
