import test from "ava";
import { minimize1d } from "../../../calibration/fit/minimize.ts";

test("minimize1d finds a smooth minimum inside the interval", (t) => {
  const { x, value } = minimize1d((v) => (v - 0.37) ** 2 + 2, 0, 1);
  t.true(Math.abs(x - 0.37) < 1e-5);
  t.true(Math.abs(value - 2) < 1e-9);
});

test("minimize1d finds a minimum at the interval's edge and the best of several dips", (t) => {
  t.true(minimize1d((v) => v, 0, 1).x < 1e-5);
  const twoDips = (v: number) => Math.min((v - 0.2) ** 2 + 0.1, (v - 0.8) ** 2);
  t.true(Math.abs(minimize1d(twoDips, 0, 1).x - 0.8) < 1e-4);
});
