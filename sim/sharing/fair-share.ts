/**
 * Max-min fair division of a capacity among jobs that each want at most some demand (water-filling): every job
 * gets its demand or the common level, whichever is smaller, and the level is as high as the capacity allows.
 * Time-slicing gives each context with pending work an equal turn, and MPS's block scheduler spreads SMs over the
 * clients with kernels ready, so both share the GPU this way.
 */
export function fairShares(demands: number[], capacity: number): number[] {
  const total = demands.reduce((a, b) => a + b, 0);
  if (total <= capacity) return demands.slice();
  const order = demands.map((_, i) => i).sort((a, b) => demands[a] - demands[b]);
  const shares = new Array<number>(demands.length).fill(0);
  let left = capacity;
  order.forEach((i, k) => {
    const level = left / (order.length - k);
    shares[i] = Math.min(demands[i], level);
    left -= shares[i];
  });
  return shares;
}
