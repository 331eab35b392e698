/**
 * Confidence intervals for a steady-state mean from one long run, by the method of batch means: the values
 * after a warm-up are cut into BATCHES consecutive batches, whose means are close to independent when batches
 * are long against the run's correlation time; the interval is their mean +- t(0.975, BATCHES - 1) x their
 * standard error. (Law & Kelton, Simulation Modeling and Analysis, 9.5.3.)
 */

export const BATCHES = 20;
/** Student's t quantile for a two-sided 95% interval with BATCHES - 1 = 19 degrees of freedom. */
const T_975_19 = 2.093;
/** Share of the values dropped at the start: a run starting empty is biased low until it fills. */
export const WARM_UP = 0.1;

export interface Estimate {
  mean: number;
  /** Half-width of the 95% confidence interval: the steady-state mean is in mean +- halfWidth. */
  halfWidth: number;
}

/**
 * The steady-state mean of `values` with its interval. With `weights`, a ratio: each batch's value is its sum
 * of values over its sum of weights (utilization: busy time over elapsed time). Null when there are fewer
 * values than batches after the warm-up.
 */
export function batchMeans(values: ArrayLike<number>, weights?: ArrayLike<number>): Estimate | null {
  const start = Math.floor(values.length * WARM_UP);
  const size = Math.floor((values.length - start) / BATCHES);
  if (size < 1) return null;
  const means: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    let top = 0;
    let bottom = 0;
    for (let i = start + b * size; i < start + (b + 1) * size; i++) {
      top += values[i];
      bottom += weights ? weights[i] : 1;
    }
    means.push(top / bottom);
  }
  const mean = means.reduce((s, m) => s + m, 0) / BATCHES;
  const variance = means.reduce((s, m) => s + (m - mean) ** 2, 0) / (BATCHES - 1);
  return { mean, halfWidth: T_975_19 * Math.sqrt(variance / BATCHES) };
}
