import test from "ava";
import { withoutWorkloads } from "../../../calibration/fit/profiles.ts";

const noStartup =
  "no start-up replay of a-b64, b-b128, c-b32 (alone, or of a workload computing the same): the simulator gives " +
  "their jobs no start-up phase (a job trains from its start)";
const noCap =
  "no memory-capped run of a-b64: a job of them needs its whole solo footprint (placement and MIG instances " +
  "assume no less)";

test("withoutWorkloads takes workloads out of a warning's list and keeps the rest of it", (t) => {
  t.is(withoutWorkloads(noStartup, ["b-b128"]), noStartup.replace("a-b64, b-b128, c-b32", "a-b64, c-b32"));
  t.is(withoutWorkloads(noStartup, ["z-b8"]), noStartup);
});

test("withoutWorkloads drops a list warning left with no workload, and keeps warnings without a list", (t) => {
  t.is(withoutWorkloads(noCap, ["a-b64"]), undefined);
  const other = "a-b64: its SM curve misses its 4 points by 6.4 % rms (over 5 %)";
  t.is(withoutWorkloads(other, ["a-b64"]), other);
});
