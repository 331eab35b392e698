/** The few summary statistics the fits need, on plain arrays (mathjs' versions throw on empty input). */
import { mean as mathMean, median as mathMedian } from "mathjs";

export function mean(xs: number[]): number {
  return xs.length === 0 ? NaN : (mathMean(xs) as number);
}

export function median(xs: number[]): number {
  return xs.length === 0 ? NaN : (mathMedian(xs) as number);
}

/** The mean, or null for no values (a figure a record leaves empty rather than NaN). */
export function meanOrNull(xs: number[]): number | null {
  return xs.length === 0 ? null : mean(xs);
}

/** Mean absolute percentage error of predictions against measurements. */
export function mape(predicted: number[], measured: number[]): number {
  return mean(predicted.map((p, i) => (100 * Math.abs(p - measured[i])) / measured[i]));
}
