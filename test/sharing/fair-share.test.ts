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

test("with weights, the contended capacity splits in proportion to them; a demand met is not exceeded", (t) => {
  // Both want all of it: 3 to 1.
  t.deepEqual(fairShares([1, 1], 1, [3, 1]), [0.75, 0.25]);
  // The heavy one wants only 0.5 of its 0.75: the light one gets the rest.
  t.deepEqual(fairShares([0.5, 1], 1, [3, 1]), [0.5, 0.5]);
  // Equal weights are the unweighted division.
  t.deepEqual(fairShares([0.9, 0.1, 0.8], 1, [2, 2, 2]), fairShares([0.9, 0.1, 0.8], 1));
});
