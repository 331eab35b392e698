import test from "ava";
import { fitCurve, fitSmCurve } from "../../../calibration/fit/sm-curve.ts";

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

test("fitCurve fits the exponent from four points or more, and takes Amdahl's law (alpha 1) from fewer", (t) => {
  const free = fitCurve(points(1.4), 132);
  t.true(Math.abs(free.curve.alpha - 1.4) < 1e-3);
  const three = fitCurve(points(1.4).slice(2), 132);
  t.is(three.curve.alpha, 1);
  const two = fitCurve(points(1.4).slice(3), 132);
  t.is(two.curve.alpha, 1);
});

test("a curve never gets a negative part: points that fall with fewer SMs give a flat curve", (t) => {
  const fit = fitCurve(
    [
      { sms: 30, stepTimeS: 0.9 },
      { sms: 132, stepTimeS: 1 },
    ],
    132,
  );
  t.is(fit.curve.parallelS, 0);
});
