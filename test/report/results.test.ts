import test from "ava";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readResults } from "../../report/results.ts";
import { InputError } from "../../sim/input-error.ts";
import { JOBS, writeResultsFolder } from "./fixture.ts";

test("a run folder yields its summary, its tables and its charts with data inline", (t) => {
  const results = readResults(writeResultsFolder());
  t.is(results.kind, "simulation");
  t.deepEqual(
    results.tables.map((x) => [x.name, x.table.numRows]),
    [["jobs", JOBS.job.length]],
  );
  t.deepEqual(
    results.charts.map((c) => c.name),
    ["jct", "util"],
  );
  const jct = results.charts[0].spec as { data: { values: { job: string }[] } };
  t.deepEqual(
    jct.data.values.map((r) => r.job),
    JOBS.job,
  );
});

test("a folder with nothing to report names itself and what was expected", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "colloc-empty-"));
  const error = t.throws(() => readResults(dir), { instanceOf: InputError });
  t.true(error.message.startsWith(dir));
  t.regex(error.message, /summary\.json/);
});

test("a chart pointing outside its folder is refused with the file and the field", (t) => {
  const dir = writeResultsFolder();
  writeFileSync(join(dir, "bad.vl.json"), JSON.stringify({ data: { url: "../secret.arrow" }, mark: "bar" }));
  const error = t.throws(() => readResults(dir), { instanceOf: InputError });
  t.regex(error.message, /bad\.vl\.json: data\.url: expected the name of an \.arrow or \.json file/);
});

test("a broken summary is reported as bad JSON in that file", (t) => {
  const dir = writeResultsFolder();
  writeFileSync(join(dir, "summary.json"), "{ not json");
  t.throws(() => readResults(dir), { instanceOf: InputError, message: /summary\.json: expected valid JSON/ });
});
