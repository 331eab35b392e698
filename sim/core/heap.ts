/**
 * The pending-event heap: a binary min-heap ordered by (time, priority, insertion order). Equal keys never
 * occur, so the order of equal-time events is fully determined.
 *
 * Laid out for speed: the heap itself is three typed arrays (time; priority * 2^44 + sequence, exact below
 * 2^53; slot), so sifting moves plain numbers only; each entry's handler and argument sit in slot arrays that
 * never move, and freed slots are reused. Heap positions past the end hold time Infinity, so sifting down
 * needs no bounds check on the right child and picks the smaller child without a branch (a mispredicted
 * branch per level cost more than all the rest). `pop` leaves the root vacant: most handlers schedule one
 * new entry, which then drops in at the root with a single sift down (a heap "replace").
 *
 * Ties are cheap: an entry pushed right after one of the same time and priority (still pending) joins that
 * entry's chain instead of the heap. A chain's entries have consecutive sequence numbers, so nothing else
 * sorts between them: popping one puts the next in the root as is, with no sifting. Models that advance in
 * steps (many processes sharing a period) pop most entries this way.
 */

/** Handler of a heap entry: called with the entry's argument when the entry's time comes (null: the argument is an Event to process). */
export type Handler<A = unknown> = (arg: A) => void;

export const MAX_PRIORITY = 255;
const PRIORITY_SCALE = 2 ** 44;
const INITIAL_CAPACITY = 1024;

export class EventHeap {
  private times = new Float64Array(INITIAL_CAPACITY).fill(Infinity);
  private keys = new Float64Array(INITIAL_CAPACITY);
  private slotAt = new Int32Array(INITIAL_CAPACITY);
  private freeSlots = new Int32Array(INITIAL_CAPACITY);
  private freeCount = 0;
  /** Slots ever used; a new slot is taken here when none is free. */
  private slotsUsed = 0;
  /** Next slot of each entry's chain, or -1. */
  private nextInChain = new Int32Array(INITIAL_CAPACITY).fill(-1);
  /** Slot, time and priority of the last push while it is pending (slot -1 otherwise): the chain to join. */
  private lastSlot = -1;
  private lastTime = 0;
  private lastPriority = 0;
  /** Pending entries (heap nodes plus the rest of their chains). */
  private entries = 0;
  private readonly handlers: (Handler | null)[] = [];
  private readonly args: unknown[] = [];
  /** Heap nodes plus the vacant root, if any. */
  private count = 0;
  private rootVacant = false;
  private sequence = 0;

  /** Handler, argument and key of the entry the last `pop` removed. */
  poppedHandler: Handler | null = null;
  poppedArg: unknown = undefined;
  private poppedKey = 0;

  get size(): number {
    return this.entries;
  }

  /** Time of the earliest entry, or Infinity when empty. */
  peekTime(): number {
    if (this.rootVacant) this.fillRoot();
    return this.times[0];
  }

  /** Priority of the earliest entry (the heap must not be empty). */
  peekPriority(): number {
    if (this.rootVacant) this.fillRoot();
    return Math.floor(this.keys[0] / PRIORITY_SCALE);
  }

  /** Add an entry; priority is an integer in [0, MAX_PRIORITY], lower first. Returns its id (sequence number). */
  push<A>(time: number, priority: number, handler: Handler<A> | null, arg: A): number {
    if (this.freeCount === 0 && this.slotsUsed === this.times.length) this.grow();
    const id = this.sequence++;
    const key = priority * PRIORITY_SCALE + id;
    const slot = this.freeCount > 0 ? this.freeSlots[--this.freeCount] : this.slotsUsed++;
    this.handlers[slot] = handler as Handler;
    this.args[slot] = arg;
    this.entries++;
    if (this.lastSlot >= 0 && time === this.lastTime && priority === this.lastPriority) {
      this.nextInChain[this.lastSlot] = slot;
      this.lastSlot = slot;
      return id;
    }
    this.lastSlot = slot;
    this.lastTime = time;
    this.lastPriority = priority;
    if (this.rootVacant) {
      this.rootVacant = false;
      this.siftDown(time, key, slot, this.count);
      return id;
    }
    const { times, keys, slotAt } = this;
    // Sift the hole up from the end, then drop the entry into it.
    let hole = this.count++;
    while (hole > 0) {
      const parent = (hole - 1) >> 1;
      const parentTime = times[parent];
      if (parentTime < time || (parentTime === time && keys[parent] < key)) break;
      times[hole] = parentTime;
      keys[hole] = keys[parent];
      slotAt[hole] = slotAt[parent];
      hole = parent;
    }
    times[hole] = time;
    keys[hole] = key;
    slotAt[hole] = slot;
    return id;
  }

  /** Remove the earliest entry (the heap must not be empty) and return its time; see `popped*` for the rest. */
  pop(): number {
    if (this.rootVacant) this.fillRoot();
    const topSlot = this.slotAt[0];
    this.poppedKey = this.keys[0];
    this.poppedHandler = this.handlers[topSlot];
    this.poppedArg = this.args[topSlot];
    this.handlers[topSlot] = null; // let the garbage collector reclaim the payload
    this.args[topSlot] = undefined;
    this.freeSlots[this.freeCount++] = topSlot;
    this.entries--;
    if (topSlot === this.lastSlot) this.lastSlot = -1;
    const next = this.nextInChain[topSlot];
    if (next >= 0) {
      // The chain's next entry is now the earliest: same time, the next sequence number.
      this.nextInChain[topSlot] = -1;
      this.slotAt[0] = next;
      this.keys[0] = this.poppedKey + 1;
    } else this.rootVacant = true;
    return this.times[0];
  }

  /** Id that `push` returned for the entry the last `pop` removed. */
  poppedId(): number {
    return this.poppedKey % PRIORITY_SCALE;
  }

  // Move the last entry into the vacant root and sift it down.
  private fillRoot(): void {
    this.rootVacant = false;
    const last = --this.count;
    const time = this.times[last];
    this.times[last] = Infinity;
    if (last > 0) this.siftDown(time, this.keys[last], this.slotAt[last], last);
  }

  // Sift a hole down from the root among the first `count` positions, then drop the entry into it.
  private siftDown(time: number, key: number, slot: number, count: number): void {
    const { times, keys, slotAt } = this;
    let hole = 0;
    for (;;) {
      let child = 2 * hole + 1;
      if (child >= count) break;
      const right = times[child + 1];
      const left = times[child];
      child += +(right < left) | (+(right === left) & +(keys[child + 1] < keys[child]));
      const childTime = times[child];
      if (time < childTime || (time === childTime && key < keys[child])) break;
      times[hole] = childTime;
      keys[hole] = keys[child];
      slotAt[hole] = slotAt[child];
      hole = child;
    }
    times[hole] = time;
    keys[hole] = key;
    slotAt[hole] = slot;
  }

  private grow(): void {
    const capacity = this.times.length * 2;
    const times = new Float64Array(capacity).fill(Infinity);
    const keys = new Float64Array(capacity);
    const slotAt = new Int32Array(capacity);
    const freeSlots = new Int32Array(capacity);
    const nextInChain = new Int32Array(capacity).fill(-1);
    times.set(this.times);
    keys.set(this.keys);
    slotAt.set(this.slotAt);
    freeSlots.set(this.freeSlots);
    nextInChain.set(this.nextInChain);
    this.times = times;
    this.keys = keys;
    this.slotAt = slotAt;
    this.freeSlots = freeSlots;
    this.nextInChain = nextInChain;
  }
}
