import test from "ava";
import fc from "fast-check";
import { formatPath, parsePath } from "../../sim/cluster/scenario/field-path.ts";

test("field paths read the way messages write them", (t) => {
  t.is(formatPath(["hardware", "gpus", 0, "sharing", "layout", 2]), "hardware.gpus[0].sharing.layout[2]");
  t.is(formatPath(["workloads", "my model", "extends"]), 'workloads["my model"].extends');
  t.deepEqual(parsePath("jobs.generate[1].mix.resnet26-c10-b128"), [
    "jobs",
    "generate",
    1,
    "mix",
    "resnet26-c10-b128",
  ]);
  t.is(parsePath("line 3, column arrival_s"), undefined);
});

test("parsePath undoes formatPath", (t) => {
  const key = fc.oneof(fc.nat(), fc.string());
  const roundTrips = fc.property(fc.string({ minLength: 1 }), fc.array(key), (first, rest) => {
    const path = [first, ...rest];
    return JSON.stringify(parsePath(formatPath(path))) === JSON.stringify(path);
  });
  t.notThrows(() => fc.assert(roundTrips, { numRuns: 500 }));
});
