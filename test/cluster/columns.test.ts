import test from "ava";
import { float64, int32, uint8 } from "../../sim/cluster/columns.ts";

test("a column keeps every value pushed as it grows in place, and values() is the filled part", (t) => {
  const times = float64();
  const jobs = int32();
  const kinds = uint8();
  const rows = 5000; // past the first few growths
  for (let i = 0; i < rows; i++) {
    times.push(i / 3);
    jobs.push(-i);
    kinds.push(i % 200);
  }
  t.is(times.length, rows);
  t.deepEqual(
    times.values(),
    Float64Array.from({ length: rows }, (_, i) => i / 3),
  );
  t.deepEqual(
    jobs.values(),
    Int32Array.from({ length: rows }, (_, i) => -i),
  );
  t.deepEqual(
    kinds.values(),
    Uint8Array.from({ length: rows }, (_, i) => i % 200),
  );
});

test("a view taken before more rows arrive still reads what it held", (t) => {
  const column = float64();
  column.push(1.5);
  column.push(2.5);
  const early = column.values();
  for (let i = 0; i < 3000; i++) column.push(i);
  t.deepEqual([...early], [1.5, 2.5]);
  t.is(column.values()[2 + 2999], 2999);
});
