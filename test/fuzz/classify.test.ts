import test from "ava";
import type { CaseSpec } from "../../fuzz/case.ts";
import { classify } from "../../fuzz/classify.ts";
import type { Ran } from "../../fuzz/pool.ts";

const SECRET = "s3cr3t-0123456789";
const reject: CaseSpec = { expect: "reject", argv: ["run", "x.yaml"], out: "/tmp/out", timeoutS: 10 };
const done = (code: number, output: string): Ran => ({ kind: "done", code, output, ms: 1 });
const verdict = (spec: CaseSpec, ran: Ran, outExists = false, escaped: string[] = []) =>
  classify(spec, ran, SECRET, outExists, escaped).verdict;

test("a clear refusal of bad input is fine", (t) => {
  t.is(verdict(reject, done(2, 'colloc: x.yaml: name (line 1): expected a name, got ".."\n')), "ok");
});

test("every way a case can fail is told apart", (t) => {
  t.is(
    verdict(reject, done(1, "colloc: Cannot read properties of undefined (reading 'length')\n")),
    "internal",
  );
  t.is(verdict(reject, done(2, "colloc: x: expected a y, got undefined\n")), "internal");
  t.is(verdict(reject, done(2, "TypeError: x is not a function\n    at f (/a/b.ts:3:9)\n")), "internal");
  t.is(verdict(reject, { kind: "hang", ms: 10_000 }), "hang");
  const fatal = "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n";
  t.is(verdict(reject, { kind: "died", code: null, signal: "SIGABRT", output: fatal, ms: 5 }), "native");
  t.is(verdict(reject, done(0, "results in results/x\n")), "accepted");
  t.is(verdict(reject, done(2, `colloc: t.csv: line 1: expected a header, got "token=${SECRET}"\n`)), "leak");
  t.is(verdict(reject, done(2, 'colloc: x: expected a name, got "\u001b[31mred"\n')), "leak");
  t.is(verdict(reject, done(2, "colloc: x: expected y\n"), true), "half-written");
  t.is(verdict(reject, done(2, "colloc: x: expected y\n"), false, ["/tmp/fuzz/escaped"]), "escape");
  const bom: CaseSpec = { expect: { exit: 0, output: /"jobs": 4\b/ }, argv: [], timeoutS: 10 };
  t.is(verdict(bom, done(0, '[{"jobs": 3}]')), "wrong-outcome");
  t.is(verdict(bom, done(0, '[{"jobs": 4}]')), "ok");
});

test("exit 0 or 2 are both fine where the input may be either", (t) => {
  const any: CaseSpec = { ...reject, expect: "any" };
  t.is(verdict(any, done(0, "scenario  GPUs\n")), "ok");
  t.is(verdict(any, done(2, "colloc: x: expected y\n")), "ok");
});
