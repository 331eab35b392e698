import test from "ava";
import { issueError, parseJsonLines } from "../../../calibration/ingest/jsonl.ts";

test("whole lines parse with their 1-based line numbers; blank lines hold no record", (t) => {
  const { lines, issues } = parseJsonLines('{"a":1}\n\n{"a":2}\n', "x.jsonl");
  t.deepEqual(lines, [
    { line: 1, value: { a: 1 } },
    { line: 3, value: { a: 2 } },
  ]);
  t.deepEqual(issues, []);
});

test("a last line cut off mid-write is truncated, not corrupt", (t) => {
  const { lines, issues } = parseJsonLines('{"a":1}\n{"a":', "x.jsonl");
  t.is(lines.length, 1);
  t.is(issues.length, 1);
  t.is(issues[0].kind, "truncated");
  t.is(issues[0].line, 2);
});

test("a bad line in the middle is corrupt, and the lines around it still parse", (t) => {
  const { lines, issues } = parseJsonLines('{"a":1}\n{oops\n{"a":3}\n', "runs/r/steps.jsonl");
  t.deepEqual(
    lines.map((l) => l.line),
    [1, 3],
  );
  t.is(issues[0].kind, "corrupt");
  t.regex(
    issueError(issues[0]).message,
    /^runs\/r\/steps\.jsonl:2: expected one whole JSON record per line, got /,
  );
  t.regex(issueError(issues[0], true).message, /^steps\.jsonl:2: /);
});

test("a file ending in a complete record without a newline loses nothing", (t) => {
  const { lines, issues } = parseJsonLines('{"a":1}\n{"a":2}', "x.jsonl");
  t.is(lines.length, 2);
  t.deepEqual(issues, []);
});
