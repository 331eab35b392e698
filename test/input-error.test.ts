import test from "ava";
import { InputError, quote } from "../sim/input-error.ts";

test("a quoted value is JSON, cut at about 80 characters", (t) => {
  t.is(quote("abc"), '"abc"');
  t.is(quote({ a: [1, true, null] }), '{"a":[1,true,null]}');
  const long = quote("x".repeat(10_000));
  t.true(long.length < 90);
  t.true(long.endsWith("…"));
  t.true(quote(Array.from({ length: 1_000_000 }, (_, i) => i)).length < 90);
});

test("a cyclic value (a self-referencing YAML anchor) is quoted, not a crash", (t) => {
  const cycle: unknown[] = [1];
  cycle.push(cycle);
  t.is(quote(cycle), "[1,[circular]]");
});

test("numbers JSON cannot write are quoted as they are", (t) => {
  t.is(quote(Number.NaN), "NaN");
  t.is(quote(-Infinity), "-Infinity");
  t.is(quote(10n), "10");
});

test("control characters never reach the message raw", (t) => {
  const message = new InputError("f.yaml", "name", "a name", "\u001b[31mred\u009b2J").message;
  t.is(message, 'f.yaml: name: expected a name, got "\\u001b[31mred\\u009b2J"');
});

test("binary data (YAML's !!binary) is quoted as its bytes, not with the methods its type inherits", (t) => {
  t.is(quote(Buffer.from([0, 1, 255])), "[0,1,255]");
});
