/**
 * The tests' one approximately-equal rule: `a` is within `relative` of |b| or within `absolute` of b, whichever is
 * looser (each test states the tolerance its figures deserve). Missing values are never near.
 */
export interface Tolerance {
  relative?: number;
  absolute?: number;
}

export function near(a: number | null | undefined, b: number, tolerance: Tolerance): boolean {
  if (a === null || a === undefined) return false;
  const { relative = 0, absolute = 0 } = tolerance;
  return Math.abs(a - b) <= Math.max(absolute, relative * Math.abs(b));
}
