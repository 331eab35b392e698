/**
 * Resources with a capacity: at most `capacity` requests hold it at once, the others wait in a queue.
 * Resource serves waiters first come, first served; PriorityResource by priority (lower first), ties in
 * request order; PreemptiveResource also lets a request with `preempt: true` evict the lowest-priority
 * holder (highest priority number, latest request), whose process receives an Interrupt with a Preempted cause.
 */
import { Event } from "./event.ts";
import type { Process } from "./process.ts";
import type { Simulation } from "./simulation.ts";

export interface RequestOptions {
  /** Lower goes first (PriorityResource and PreemptiveResource only). */
  priority?: number;
  /** Evict a holder of strictly lower priority if the resource is full (PreemptiveResource only). */
  preempt?: boolean;
}

/** A request for one unit of a resource: an event that succeeds when the unit is granted. */
export class Request extends Event<undefined> {
  /** Time the unit was granted; NaN while waiting. */
  grantedAt = NaN;

  constructor(
    readonly resource: Resource,
    readonly priority: number,
    readonly preempt: boolean,
    /** Position among this resource's requests: the tie-breaker between equal priorities. */
    readonly order: number,
    /** The process that asked (the one to interrupt on preemption), or null outside processes. */
    readonly process: Process | null,
  ) {
    super(resource.sim);
  }
}

/** The cause of the Interrupt a preempted holder receives. */
export class Preempted {
  constructor(
    readonly by: Process | null,
    readonly usageSince: number,
    readonly resource: Resource,
  ) {}
}

export class Resource {
  /** Requests holding a unit (in no particular order). */
  readonly users: Request[] = [];
  /** Requests waiting, in the order they will be served. */
  readonly queue: Request[] = [];
  private requestCount = 0;

  constructor(
    readonly sim: Simulation,
    readonly capacity = 1,
  ) {
    if (!(Number.isInteger(capacity) && capacity >= 1)) {
      throw sim.misuse(`resource capacity must be an integer >= 1, got ${capacity}`);
    }
  }

  /** Ask for a unit; yield the request to wait until it is granted, then `release` it. */
  request(options?: RequestOptions): Request {
    const request = new Request(
      this,
      options?.priority ?? 0,
      options?.preempt ?? false,
      this.requestCount++,
      this.sim.activeProcess,
    );
    this.enqueue(request);
    this.grant();
    return request;
  }

  /** Give a unit back, or withdraw a request still waiting. Releasing twice (or after preemption) does nothing. */
  release(request: Request): void {
    if (removeUnordered(this.users, request)) this.grant();
    else {
      const index = this.queue.indexOf(request);
      if (index >= 0) this.queue.splice(index, 1);
    }
  }

  protected enqueue(request: Request): void {
    this.queue.push(request);
  }

  protected grant(): void {
    while (this.users.length < this.capacity && this.queue.length > 0) {
      const request = this.queue.shift() as Request;
      this.users.push(request);
      request.grantedAt = this.sim.now;
      request.succeed();
    }
  }
}

export class PriorityResource extends Resource {
  protected override enqueue(request: Request): void {
    // Binary search for the first waiter that comes after `request`: keeps the queue sorted, ties FIFO.
    let low = 0;
    let high = this.queue.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (comesBefore(this.queue[mid], request)) low = mid + 1;
      else high = mid;
    }
    this.queue.splice(low, 0, request);
  }
}

export class PreemptiveResource extends PriorityResource {
  protected override enqueue(request: Request): void {
    super.enqueue(request);
    if (!request.preempt || this.users.length < this.capacity) return;
    let victim = this.users[0];
    for (const user of this.users) if (comesBefore(victim, user)) victim = user;
    if (!comesBefore(request, victim)) return;
    removeUnordered(this.users, victim);
    if (victim.process?.isAlive) {
      victim.process.interrupt(new Preempted(request.process, victim.grantedAt, this));
    }
  }
}

function comesBefore(a: Request, b: Request): boolean {
  return a.priority < b.priority || (a.priority === b.priority && a.order < b.order);
}

/** Remove `request` from `list` by moving the last element into its place (order does not matter there). */
function removeUnordered(list: Request[], request: Request): boolean {
  const index = list.indexOf(request);
  if (index < 0) return false;
  list[index] = list[list.length - 1];
  list.pop();
  return true;
}
