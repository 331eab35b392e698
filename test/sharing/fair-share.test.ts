import test from "ava";
import { fairShares } from "../../sim/sharing/fair-share.ts";

test("demands that fit get what they ask", (t) => {
  t.deepEqual(fairShares([0.2, 0.3], 1), [0.2, 0.3]);
});

test("when they do not fit, small demands are met and the rest split what is left equally", (t) => {
  // Level: (1 - 0.1) / 2 = 0.45 for the two big ones.
  t.deepEqual(fairShares([0.9, 0.1, 0.8], 1), [0.45, 0.1, 0.45]);
});

test("the shares never exceed the capacity", (t) => {
  const shares = fairShares([1, 1, 1, 1], 0.8);
  t.true(Math.abs(shares.reduce((a, b) => a + b, 0) - 0.8) < 1e-12);
});
