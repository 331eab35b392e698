/**
 * Growable typed columns: append-only tables of numbers without a JavaScript object per row. A column lives in
 * a resizable ArrayBuffer and grows in place: nothing is copied as it grows, and only pages written to are ever
 * touched (a million-job run logs about 400 MB of rows; growing by copying wrote them about twice to fresh
 * memory, and fresh memory is what a large run spends most on).
 */

type NumberArray = Float64Array | Int32Array | Uint8Array;
type NumberArrayOf = {
  new (buffer: ArrayBuffer): NumberArray;
  readonly BYTES_PER_ELEMENT: number;
};

/** The most a resizable ArrayBuffer may reserve in V8 (address space only: pages are committed as it grows). */
const MAX_BYTES = 2 ** 32;
const FIRST_ROWS = 1024;

export class Column<A extends NumberArray> {
  private readonly buffer: ArrayBuffer;
  /** A length-tracking view: it grows with the buffer. */
  private readonly data: A;
  private capacity = FIRST_ROWS;
  length = 0;

  constructor(kind: NumberArrayOf) {
    this.buffer = new ArrayBuffer(FIRST_ROWS * kind.BYTES_PER_ELEMENT, { maxByteLength: MAX_BYTES });
    this.data = new kind(this.buffer) as A;
  }

  push(value: number): void {
    if (this.length === this.capacity) this.grow();
    this.data[this.length++] = value;
  }

  /** The filled part (a view, no copy). */
  values(): A {
    return this.data.subarray(0, this.length) as A;
  }

  private grow(): void {
    const bytesPerRow = this.data.BYTES_PER_ELEMENT;
    const rows = Math.min(this.capacity * 2, Math.floor(MAX_BYTES / bytesPerRow));
    if (rows === this.capacity) throw new RangeError(`a column holds at most ${rows} rows`);
    this.buffer.resize(rows * bytesPerRow);
    this.capacity = rows;
  }
}

export const float64 = () => new Column<Float64Array>(Float64Array);
export const int32 = () => new Column<Int32Array>(Int32Array);
export const uint8 = () => new Column<Uint8Array>(Uint8Array);
