import test from "ava";
import { mape, trimmedMean } from "../../../calibration/fit/stats.ts";

test("trimmedMean drops the largest share of the values before it averages", (t) => {
  // 10 values, 10 % trimmed: the outlier 100 goes, the mean of 1..9 stays.
  t.is(trimmedMean([100, 1, 2, 3, 4, 5, 6, 7, 8, 9], 0.1), 5);
  t.is(trimmedMean([3, 1, 2], 0), 2);
});

test("trimmedMean keeps at least one value", (t) => {
  t.is(trimmedMean([7, 9], 0.9), 7);
});

test("mape is the mean absolute error in percent of the measurement", (t) => {
  t.is(mape([110, 90], [100, 100]), 10);
});
