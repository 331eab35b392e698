/** The few summary statistics the fits need, on plain arrays (mathjs' versions throw on empty input). */
import { mean as mathMean, median as mathMedian } from "mathjs";

export function mean(xs: number[]): number {
  return xs.length === 0 ? NaN : (mathMean(xs) as number);
}

export function median(xs: number[]): number {
  return xs.length === 0 ? NaN : (mathMedian(xs) as number);
}

/** Mean absolute percentage error of predictions against measurements. */
export function mape(predicted: number[], measured: number[]): number {
  return mean(predicted.map((p, i) => (100 * Math.abs(p - measured[i])) / measured[i]));
}
