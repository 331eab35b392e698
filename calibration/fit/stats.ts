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

/** Absolute percentage errors of predictions against measurements. */
export function absolutePercentErrors(predicted: number[], measured: number[]): number[] {
  return predicted.map((p, i) => (100 * Math.abs(p - measured[i])) / measured[i]);
}

/** Mean absolute percentage error of predictions against measurements. */
export function mape(predicted: number[], measured: number[]): number {
  return mean(absolutePercentErrors(predicted, measured));
}

/** The mean of the values left when the largest `fraction` of them (rounded) is dropped; at least one is kept. */
export function trimmedMean(xs: number[], fraction: number): number {
  const kept = [...xs].sort((a, b) => a - b).slice(0, Math.max(1, Math.round(xs.length * (1 - fraction))));
  return mean(kept);
}
