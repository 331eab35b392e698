/**
 * A container of a continuous or discrete amount (fuel, memory, tokens) between 0 and `capacity`.
 * `put(amount)` waits for room, `get(amount)` for enough level. Each queue is served strictly first come,
 * first served: a large request at the head holds back smaller ones behind it, so none starves.
 */
import { Event } from "./event.ts";
import type { Simulation } from "./simulation.ts";

export class ContainerRequest extends Event<undefined> {
  constructor(
    sim: Simulation,
    readonly amount: number,
  ) {
    super(sim);
  }
}

export class Container {
  private current: number;
  private readonly puts: ContainerRequest[] = [];
  private readonly gets: ContainerRequest[] = [];

  constructor(
    readonly sim: Simulation,
    readonly capacity = Infinity,
    initial = 0,
  ) {
    if (!(capacity > 0)) throw sim.misuse(`container capacity must be > 0, got ${capacity}`);
    if (!(initial >= 0 && initial <= capacity)) {
      throw sim.misuse(`container initial level must be within [0, ${capacity}], got ${initial}`);
    }
    this.current = initial;
  }

  get level(): number {
    return this.current;
  }

  /** Add `amount`; the event succeeds once it fitted. */
  put(amount: number): ContainerRequest {
    return this.wait(this.puts, "put", amount);
  }

  /** Remove `amount`; the event succeeds once the level allowed it. */
  get(amount: number): ContainerRequest {
    return this.wait(this.gets, "get", amount);
  }

  /** Withdraw a put or get that is still waiting. */
  cancel(request: ContainerRequest): void {
    for (const queue of [this.puts, this.gets]) {
      const index = queue.indexOf(request);
      if (index >= 0) queue.splice(index, 1);
    }
  }

  private wait(queue: ContainerRequest[], action: string, amount: number): ContainerRequest {
    if (!(amount > 0 && amount <= this.capacity)) {
      throw this.sim.misuse(`container ${action} amount must be in (0, ${this.capacity}], got ${amount}`);
    }
    const request = new ContainerRequest(this.sim, amount);
    queue.push(request);
    this.settle();
    return request;
  }

  // Serve the heads of both queues until neither can move.
  private settle(): void {
    let moved = true;
    while (moved) {
      moved = false;
      const put = this.puts[0];
      if (put !== undefined && this.current + put.amount <= this.capacity) {
        this.puts.shift();
        this.current += put.amount;
        put.succeed();
        moved = true;
      }
      const get = this.gets[0];
      if (get !== undefined && this.current >= get.amount) {
        this.gets.shift();
        this.current -= get.amount;
        get.succeed();
        moved = true;
      }
    }
  }
}
