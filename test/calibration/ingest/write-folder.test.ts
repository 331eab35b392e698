import test from "ava";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeFolder } from "../../../calibration/ingest/write-folder.ts";
import { InputError } from "../../../sim/core/errors.ts";
import { scratch } from "./temp-runs.ts";

test("writes every file into a new folder and leaves no temporary folder behind", (t) => {
  const parent = scratch();
  writeFolder(join(parent, "out"), new Map([["a.txt", "A"]]));
  t.deepEqual(readdirSync(parent), ["out"]);
  t.is(readFileSync(join(parent, "out", "a.txt"), "utf8"), "A");
});

test("replaces an earlier output as a whole", (t) => {
  const out = join(scratch(), "out");
  writeFolder(out, new Map([["a.txt", "old"]]));
  writeFolder(
    out,
    new Map([
      ["a.txt", "new"],
      ["b.txt", "new"],
    ]),
  );
  t.deepEqual(readdirSync(out), ["a.txt", "b.txt"]);
  t.is(readFileSync(join(out, "a.txt"), "utf8"), "new");
});

test("refuses a folder holding files it would not write, and touches nothing", (t) => {
  const out = join(scratch(), "home");
  mkdirSync(out);
  writeFileSync(join(out, "thesis.tex"), "precious");
  const error = t.throws(() => writeFolder(out, new Map([["a.txt", "A"]])), { instanceOf: InputError });
  t.regex(
    error?.message ?? "",
    /expected a new folder or an earlier output of the same command, got \["thesis.tex"\]/,
  );
  t.is(readFileSync(join(out, "thesis.tex"), "utf8"), "precious");
  t.false(existsSync(join(out, "a.txt")));
});
