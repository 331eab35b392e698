import test from "ava";
import { flatten } from "../../report/flatten.ts";

test("nested objects become dotted keys and arrays of objects become named tables", (t) => {
  const flat = flatten({
    jobs: 3,
    mape: { naive: 3.2, by: { gpu: "H200" } },
    modes: ["mps", "mig"],
    rows: [{ mode: "mps", err: { mean: 1 } }],
  });
  t.deepEqual(flat.scalars, [
    ["jobs", 3],
    ["mape.naive", 3.2],
    ["mape.by.gpu", "H200"],
    ["modes", "mps, mig"],
  ]);
  t.deepEqual(flat.lists, [{ name: "rows", rows: [{ mode: "mps", "err.mean": 1 }] }]);
});
