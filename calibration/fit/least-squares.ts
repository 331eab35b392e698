/**
 * Weighted linear least squares with non-negative coefficients, on mathjs: solve the normal equations, and
 * while a coefficient comes out negative, pin the most negative one at zero and solve again (an active set
 * that is exact for the two- and three-column problems calibration has).
 */
import { lusolve, multiply, transpose } from "mathjs";

export interface LinearFit {
  coefficients: number[];
  /** Sum of squared weighted residuals. */
  sse: number;
}

/** Least-squares slope through the origin of y on x; 0 when x is all 0. */
export function slopeThroughOrigin(x: readonly number[], y: readonly number[]): number {
  const xx = x.reduce((a, v) => a + v * v, 0);
  return xx === 0 ? 0 : x.reduce((a, v, i) => a + v * y[i], 0) / xx;
}

/** Minimise sum_i w_i (y_i - X_i . c)^2 over c >= 0. Returns undefined when no column is usable. */
export function nonNegativeLeastSquares(
  x: number[][],
  y: number[],
  weights: number[],
): LinearFit | undefined {
  const columns = x[0]?.length ?? 0;
  const free = new Set(Array.from({ length: columns }, (_, j) => j));
  while (free.size > 0) {
    const active = [...free];
    const a = x.map((row, i) => active.map((j) => row[j] * Math.sqrt(weights[i])));
    const b = y.map((v, i) => [v * Math.sqrt(weights[i])]);
    const at = transpose(a);
    let solved: number[];
    try {
      solved = (lusolve(multiply(at, a), multiply(at, b)) as number[][]).map((r) => r[0]);
    } catch {
      return undefined; // singular: the points cannot separate the columns
    }
    const worst = solved.reduce((k, v, i) => (v < solved[k] ? i : k), 0);
    if (solved[worst] < 0) {
      free.delete(active[worst]);
      continue;
    }
    const coefficients = new Array<number>(columns).fill(0);
    active.forEach((j, k) => (coefficients[j] = solved[k]));
    const sse = x.reduce((s, row, i) => {
      const fitted = row.reduce((acc, v, j) => acc + v * coefficients[j], 0);
      return s + weights[i] * (y[i] - fitted) ** 2;
    }, 0);
    return { coefficients, sse };
  }
  return undefined;
}
