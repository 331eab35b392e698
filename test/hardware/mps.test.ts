import test from "ava";
import { gpu, mpsClientLimit, mpsClientSms } from "../../sim/hardware/index.ts";

test("active-thread percentage: share of SMs rounded down to whole TPCs of 2 SMs", (t) => {
  t.is(mpsClientSms(108, 50), 54);
  t.is(mpsClientSms(132, 33), 42); // 43.56 -> 42
  t.is(mpsClientSms(14, 50), 6); // 7 -> 6, inside a 1g MIG instance
  t.is(mpsClientSms(132, 100), 132);
});

test("a tiny percentage still gets one TPC; out-of-range percentages are refused", (t) => {
  t.is(mpsClientSms(98, 1), 2);
  t.throws(() => mpsClientSms(98, 0), { instanceOf: RangeError });
  t.throws(() => mpsClientSms(98, 101), { instanceOf: RangeError });
});

test("48 clients per GPU, lowered in proportion to a MIG compute instance", (t) => {
  const a100 = gpu("A100-40GB");
  t.is(mpsClientLimit(a100), 48);
  t.is(mpsClientLimit(a100, 7), 48);
  t.is(mpsClientLimit(a100, 1), 6); // 48/7 rounded down
  t.is(mpsClientLimit(a100, 3), 20);
  t.is(mpsClientLimit(gpu("A30"), 2), 24);
});
