/**
 * Stores of items: `put` waits while the store is full (capacity), `get` waits until an item is there.
 * Waiting puts are served first come, first served. Waiting gets too: in a Store each takes the oldest item;
 * in a FilterStore each takes the oldest item its filter accepts, and a get whose filter matches nothing
 * does not hold back later gets.
 */
import { Event } from "./event.ts";
import type { Simulation } from "./simulation.ts";

export type Filter<T> = (item: T) => boolean;

export class StorePut<T> extends Event<undefined> {
  constructor(
    sim: Simulation,
    readonly item: T,
  ) {
    super(sim);
  }
}

export class StoreGet<T> extends Event<T> {
  constructor(
    sim: Simulation,
    readonly filter: Filter<T> | null,
  ) {
    super(sim);
  }
}

export class Store<T> {
  /** Items in the store, oldest first. */
  readonly items: T[] = [];
  private readonly puts: StorePut<T>[] = [];
  private readonly gets: StoreGet<T>[] = [];

  constructor(
    readonly sim: Simulation,
    readonly capacity = Infinity,
  ) {
    if (!(capacity >= 1)) throw sim.misuse(`store capacity must be >= 1, got ${capacity}`);
  }

  /** Add `item`; the event succeeds once there was room for it. */
  put(item: T): StorePut<T> {
    const put = new StorePut(this.sim, item);
    this.puts.push(put);
    this.settle();
    return put;
  }

  /** Take the oldest item; the event's value is the item. */
  get(): StoreGet<T> {
    return this.waitFor(null);
  }

  /** Withdraw a put or get that is still waiting (after a timeout won a race, say). */
  cancel(event: StorePut<T> | StoreGet<T>): void {
    const queue: Event[] = event instanceof StorePut ? this.puts : this.gets;
    const index = queue.indexOf(event);
    if (index >= 0) queue.splice(index, 1);
  }

  protected waitFor(filter: Filter<T> | null): StoreGet<T> {
    const get = new StoreGet(this.sim, filter);
    this.gets.push(get);
    this.settle();
    return get;
  }

  // Serve waiters until nothing moves: a get frees room for puts, a put brings items for gets.
  private settle(): void {
    let moved = true;
    while (moved) {
      moved = false;
      while (this.puts.length > 0 && this.items.length < this.capacity) {
        const put = this.puts.shift() as StorePut<T>;
        this.items.push(put.item);
        put.succeed();
        moved = true;
      }
      for (let i = 0; i < this.gets.length && this.items.length > 0;) {
        const get = this.gets[i];
        const index = get.filter === null ? 0 : this.items.findIndex(get.filter);
        if (index < 0) {
          i++;
          continue;
        }
        const [item] = this.items.splice(index, 1);
        this.gets.splice(i, 1);
        get.succeed(item);
        moved = true;
      }
    }
  }
}

export class FilterStore<T> extends Store<T> {
  /** Take the oldest item that `filter` accepts. */
  override get(filter: Filter<T> = () => true): StoreGet<T> {
    return this.waitFor(filter);
  }
}
