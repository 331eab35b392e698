import test from "ava";
import { fitAmdahl, fitSmCurve } from "../../../calibration/fit/sm-curve.ts";

const curve = (n: number, serial: number, parallel: number, alpha: number) =>
  serial + parallel * (132 / n) ** alpha;
const points = (alpha: number) =>
  [14, 30, 58, 62, 132].map((sms) => ({ sms, stepTimeS: curve(sms, 0.01, 0.03, alpha) }));

test("fitSmCurve recovers the curve that made the points", (t) => {
  const { curve: fitted, rmsePct } = fitSmCurve(points(1.4), 132);
  t.true(Math.abs(fitted.alpha - 1.4) < 1e-3);
  t.true(Math.abs(fitted.serialS - 0.01) < 1e-5);
  t.true(rmsePct < 1e-3);
});

test("fitAmdahl keeps alpha at 1 and fits an Amdahl curve exactly", (t) => {
  const fit = fitAmdahl(points(1), 132)!;
  t.is(fit.curve.alpha, 1);
  t.true(Math.abs(fit.curve.parallelS - 0.03) < 1e-9);
});

test("a curve never gets a negative part: points that fall with fewer SMs give a flat curve", (t) => {
  const fit = fitAmdahl(
    [
      { sms: 30, stepTimeS: 0.9 },
      { sms: 132, stepTimeS: 1 },
    ],
    132,
  )!;
  t.is(fit.curve.parallelS, 0);
});
