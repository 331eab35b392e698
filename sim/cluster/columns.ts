/** Growable typed columns: append-only tables of numbers without a JavaScript object per row. */

type NumberArray = Float64Array | Int32Array | Uint8Array;

export class Column<A extends NumberArray> {
  private data: A;
  length = 0;

  constructor(private readonly make: (size: number) => A) {
    this.data = make(1024);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = this.make(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  /** The filled part (a view, no copy). */
  values(): A {
    return this.data.subarray(0, this.length) as A;
  }
}

export const float64 = () => new Column((n) => new Float64Array(n));
export const int32 = () => new Column((n) => new Int32Array(n));
export const uint8 = () => new Column((n) => new Uint8Array(n));
