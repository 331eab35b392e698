import test from "ava";
import { tableFromArrays } from "apache-arrow";
import { tableRows } from "../../report/arrow-rows.ts";

const table = tableFromArrays({
  job: ["a", "b", "c"],
  bytes: BigInt64Array.from([1n, 2n ** 40n, 3n]),
  share: Float64Array.from([0.5, 0.25, 1]),
});

test("rows come out as plain JSON values, 64-bit integers as numbers", (t) => {
  t.deepEqual(tableRows(table), [
    { job: "a", bytes: 1, share: 0.5 },
    { job: "b", bytes: 2 ** 40, share: 0.25 },
    { job: "c", bytes: 3, share: 1 },
  ]);
});

test("a limit keeps the first rows in table order", (t) => {
  t.deepEqual(
    tableRows(table, 2).map((r) => r.job),
    ["a", "b"],
  );
});
