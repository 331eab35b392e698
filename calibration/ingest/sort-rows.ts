/** Stable multi-column row sort with a locale-free order, so row order never depends on the machine. */

type Cell = string | number | boolean | null | undefined;

function compareCells(a: Cell, b: Cell): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1; // nulls first
  if (b === null || b === undefined) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A sorted copy; rows equal on every key keep their input order. */
export function sortRows<Row>(rows: readonly Row[], key: readonly (keyof Row)[]): Row[] {
  return [...rows].sort((x, y) => {
    for (const k of key) {
      const order = compareCells(x[k] as Cell, y[k] as Cell);
      if (order !== 0) return order;
    }
    return 0;
  });
}
