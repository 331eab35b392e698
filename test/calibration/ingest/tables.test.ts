import test from "ava";
import { readFileSync } from "node:fs";
import { TABLES } from "../../../calibration/ingest/tables.ts";
import {
  COMPLETION_COMPARISON,
  JOB_COMPARISON,
  RUN_COMPARISON,
} from "../../../calibration/validate/tables.ts";

const doc = readFileSync("docs/data-formats.md", "utf8");

/** The rows of the markdown table under a heading: column name, type, meaning. */
function documented(heading: string): string[][] {
  const section = doc.split(`### ${heading}\n`)[1]?.split("\n### ")[0] ?? "";
  return [...section.matchAll(/^\| `(\w+)` \| (\w+) \| (?:yes)? *\| (.*) \|$/gm)].map((m) => [
    m[1],
    m[2],
    m[3],
  ]);
}

const arrowName = {
  utf8: "string",
  dict: "dictionary",
  f64: "float64",
  i32: "int32",
  i64: "int64",
  bool: "bool",
};
const expected = (spec: Record<string, { type: keyof typeof arrowName; doc: string }>) =>
  Object.entries(spec).map(([name, c]) => [name, arrowName[c.type], c.doc]);

test("docs/data-formats.md lists every ingest column with its type and meaning, in order", (t) => {
  for (const [name, { spec }] of Object.entries(TABLES))
    t.deepEqual(documented(`${name}.arrow`), expected(spec), name);
});

test("docs/data-formats.md lists every validation column with its type and meaning, in order", (t) => {
  t.deepEqual(documented("jobs.arrow (validate)"), expected(JOB_COMPARISON));
  t.deepEqual(documented("runs.arrow (validate)"), expected(RUN_COMPARISON));
  t.deepEqual(documented("completions.arrow (validate)"), expected(COMPLETION_COMPARISON));
});

test("every table is sorted by columns it has", (t) => {
  for (const { spec, key } of Object.values(TABLES)) t.true(key.every((k) => k in spec));
});
