import test from "ava";
import { formatDuration } from "../../sim/cluster/time-unit.ts";

test("short durations stay in seconds, longer ones move to the largest readable unit", (t) => {
  t.is(formatDuration(67.16), "67.2 s");
  t.is(formatDuration(119), "119.0 s");
  t.is(formatDuration(750), "12.5 min");
  t.is(formatDuration(3.4 * 3600), "3.4 h");
  t.is(formatDuration(9947.95 * 3600), "414.5 d");
});

test("a missing or non-finite duration is shown as a dash", (t) => {
  t.is(formatDuration(null), "-");
  t.is(formatDuration(Number.NaN), "-");
});
