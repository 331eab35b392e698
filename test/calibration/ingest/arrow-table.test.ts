import test from "ava";
import { tableFromIPC, tableToIPC, Type } from "apache-arrow";
import { optional, required, toArrowTable } from "../../../calibration/ingest/arrow-table.ts";

const spec = {
  name: required("utf8", "a name"),
  bytes: required("i64", "a byte count"),
  share: optional("f64", "a fraction"),
};

test("rows become columns of the declared types, nulls where optional", (t) => {
  const table = tableFromIPC(
    tableToIPC(
      toArrowTable(spec, [
        { name: "a", bytes: 150_754_820_096, share: 0.5 },
        { name: "b", bytes: 0, share: null },
      ]),
      "file",
    ),
  );
  t.deepEqual(
    table.schema.fields.map((f) => [f.name, f.typeId, f.nullable]),
    [
      ["name", Type.Utf8, false],
      ["bytes", Type.Int, false],
      ["share", Type.Float, true],
    ],
  );
  t.is(table.get(0)?.bytes, 150_754_820_096n); // above 2^32: stored exactly as a 64-bit integer
  t.is(table.get(1)?.share, null);
});

test("a table with no rows still has every column", (t) => {
  const table = toArrowTable(spec, []);
  t.is(table.numRows, 0);
  t.deepEqual(
    table.schema.fields.map((f) => f.name),
    ["name", "bytes", "share"],
  );
});

test("a missing value in a required column is a programming error, not a silent null", (t) => {
  const rows = [{ name: "a", bytes: null as unknown as number, share: null }];
  t.throws(() => toArrowTable(spec, rows), { message: /column bytes is required/ });
});

test("dictionary columns read back as their strings, and encode to the same bytes every time", (t) => {
  const kernels = { name: required("dict", "kernel name") };
  const rows = [{ name: "sgemm" }, { name: "relu" }, { name: "sgemm" }];
  const bytes = () => tableToIPC(toArrowTable(kernels, rows), "file");
  const table = tableFromIPC(bytes());
  t.is(table.schema.fields[0].typeId, Type.Dictionary);
  t.deepEqual(
    table.toArray().map((r) => r.name),
    ["sgemm", "relu", "sgemm"],
  );
  t.deepEqual(Buffer.from(bytes()), Buffer.from(bytes()));
});
