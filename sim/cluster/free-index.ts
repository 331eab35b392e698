/**
 * An index of places by free capacity: a max segment tree over a fixed number of slots, so "the first slot
 * with at least x free" is O(log n) instead of a scan of every GPU. Slots that cannot take work hold -1.
 */
export class FreeIndex {
  private readonly leaves: number;
  private readonly tree: Float64Array;

  constructor(readonly size: number) {
    let leaves = 1;
    while (leaves < Math.max(1, size)) leaves *= 2;
    this.leaves = leaves;
    this.tree = new Float64Array(2 * leaves).fill(-1);
  }

  get(slot: number): number {
    return this.tree[this.leaves + slot];
  }

  set(slot: number, free: number): void {
    let node = this.leaves + slot;
    this.tree[node] = free;
    for (node >>= 1; node >= 1; node >>= 1) {
      const max = Math.max(this.tree[2 * node], this.tree[2 * node + 1]);
      if (this.tree[node] === max) break;
      this.tree[node] = max;
    }
  }

  /** The lowest slot whose free capacity is at least `need`, or -1. */
  firstAtLeast(need: number): number {
    const { tree } = this;
    if (tree[1] < need) return -1;
    let node = 1;
    while (node < this.leaves) node = tree[2 * node] >= need ? 2 * node : 2 * node + 1;
    return node - this.leaves;
  }

  /** The largest free capacity of any slot (-1 when none can take work). */
  max(): number {
    return this.tree[1];
  }
}
