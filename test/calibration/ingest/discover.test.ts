import test from "ava";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { findRunFolders } from "../../../calibration/ingest/discover.ts";
import { InputError } from "../../../sim/input-error.ts";
import { A100, H200, scratch } from "./temp-runs.ts";

test("a folder of run folders expands to its runs, sorted; run folders count once", (t) => {
  const folders = findRunFolders([A100, H200, join(H200, "solo-resnet26-r1")]);
  t.is(folders.length, 9);
  t.deepEqual(folders, [...folders].sort());
  t.is(folders.filter((f) => f.endsWith("solo-resnet26-r1")).length, 1);
});

test("a missing path is bad input naming it", (t) => {
  const error = t.throws(() => findRunFolders(["no/such/runs"]), { instanceOf: InputError });
  t.is(error?.message, "no/such/runs: expected an existing run folder or a folder holding run folders");
});

test("a folder with no run in it is bad input", (t) => {
  const empty = scratch();
  mkdirSync(join(empty, "notes"));
  const error = t.throws(() => findRunFolders([empty]), { instanceOf: InputError });
  t.regex(error?.message ?? "", /manifest\.json: expected a run folder \(with manifest\.json\)/);
});
