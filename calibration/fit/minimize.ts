/**
 * One-dimensional minimisation on an interval for the sharing models' global parameters: a coarse grid finds
 * the best bracket (the error curves are not always unimodal over the whole range), golden-section search
 * refines inside it. Deterministic: same function, same answer.
 */
const GRID = 40;
const GOLDEN = (Math.sqrt(5) - 1) / 2;
const TOLERANCE = 1e-6;

export function minimize1d(f: (x: number) => number, lo: number, hi: number): { x: number; value: number } {
  const step = (hi - lo) / GRID;
  let bestI = 0;
  let bestValue = Infinity;
  for (let i = 0; i <= GRID; i++) {
    const v = f(lo + i * step);
    if (v < bestValue) [bestI, bestValue] = [i, v];
  }
  let a = lo + Math.max(0, bestI - 1) * step;
  let b = lo + Math.min(GRID, bestI + 1) * step;
  let c = b - GOLDEN * (b - a);
  let d = a + GOLDEN * (b - a);
  let fc = f(c);
  let fd = f(d);
  while (b - a > TOLERANCE * Math.max(1, Math.abs(a) + Math.abs(b))) {
    if (fc < fd) {
      [b, d, fd] = [d, c, fc];
      c = b - GOLDEN * (b - a);
      fc = f(c);
    } else {
      [a, c, fc] = [c, d, fd];
      d = a + GOLDEN * (b - a);
      fd = f(d);
    }
  }
  const x = fc < fd ? c : d;
  const value = Math.min(fc, fd);
  return value <= bestValue ? { x, value } : { x: lo + bestI * step, value: bestValue };
}
