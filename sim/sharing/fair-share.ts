/**
 * Max-min fair division of a capacity among jobs that each want at most some demand (water-filling): every job
 * gets its demand or its weight times a common level, whichever is smaller, and the level is as high as the
 * capacity allows. Time-slicing gives each context with pending work an equal turn (equal weights); under MPS the
 * clients' kernels take turns at the SMs, and a client whose turns are longer holds more (weights, mps.ts).
 */
export function fairShares(demands: number[], capacity: number, weights?: number[]): number[] {
  const total = demands.reduce((a, b) => a + b, 0);
  if (total <= capacity) return demands.slice();
  const w = weights ?? demands.map(() => 1);
  // Jobs in the order their demands are met: the smallest demand per unit of weight first.
  const order = demands.map((_, i) => i).sort((a, b) => demands[a] / w[a] - demands[b] / w[b] || a - b);
  const shares = new Array<number>(demands.length).fill(0);
  let left = capacity;
  let weightLeft = order.reduce((s, i) => s + w[i], 0);
  for (const i of order) {
    shares[i] = weightLeft > 0 ? Math.min(demands[i], (left * w[i]) / weightLeft) : 0;
    left -= shares[i];
    weightLeft -= w[i];
  }
  return shares;
}
