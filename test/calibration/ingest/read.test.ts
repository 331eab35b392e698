import test from "ava";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { readTable } from "../../../calibration/ingest/read.ts";
import { InputError } from "../../../sim/input-error.ts";
import { scratch } from "./temp-runs.ts";

test("a missing file is bad input naming it", (t) => {
  const error = t.throws(() => readTable("no/such/runs.arrow"), { instanceOf: InputError });
  t.is(error?.message, "no/such/runs.arrow: expected a readable Arrow IPC file");
});

test("a file that is not Arrow is bad input", (t) => {
  const file = join(scratch(), "runs.arrow");
  writeFileSync(file, "runs,mode\nr1,naive\n");
  t.throws(() => readTable(file), {
    instanceOf: InputError,
    message: /runs\.arrow: expected a whole Arrow IPC file, got "one cut off, or not Arrow"/,
  });
});

test("an empty file is bad input saying so, not a table without columns", (t) => {
  const file = join(scratch(), "runs.arrow");
  writeFileSync(file, "");
  const error = t.throws(() => readTable(file), { instanceOf: InputError });
  t.is(error?.message, `${file}: expected a whole Arrow IPC file, got "an empty file"`);
});
