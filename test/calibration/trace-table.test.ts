import test from "ava";
import { tableFromArrays, tableFromIPC } from "apache-arrow";
import { traceTable, tracesOfTable } from "../../calibration/trace-table.ts";
import { InputError } from "../../sim/input-error.ts";
import type { JobTrace } from "../../sim/replay/index.ts";

const traces: JobTrace[] = [
  {
    workload: "a",
    stepS: 0.1,
    kernels: [
      { launchS: 0, durS: 0.01, smDemand: 132, smLoad: 300, memoryBound: false },
      { launchS: 0.02, durS: 0.005, smDemand: 12, memoryBound: true },
    ],
  },
  { workload: "b", stepS: 0.05, kernels: [{ launchS: 0.001, durS: 0.04, smDemand: 64, memoryBound: false }] },
];

/** What "a" ran after it autotuned beside co-runners that autotuned too: one long kernel instead of two. */
const aTogether: JobTrace = {
  workload: "a",
  stepS: 0.1,
  kernels: [{ launchS: 0, durS: 0.02, smDemand: 132, memoryBound: false }],
};

test("traces written to kernel-traces.arrow read back as they were, by workload and phase", (t) => {
  const written = {
    solo: new Map(traces.map((x) => [x.workload, x])),
    startedTogether: new Map([["a", aTogether]]),
  };
  const back = tracesOfTable(tableFromIPC(traceTable(written)));
  t.deepEqual([...back.solo.keys()], ["a", "b"]);
  t.deepEqual(back.solo.get("a"), traces[0]);
  t.deepEqual(back.solo.get("b"), traces[1]);
  t.deepEqual([...back.startedTogether.keys()], ["a"]);
  t.deepEqual(back.startedTogether.get("a"), aTogether);
});

test("a table without one of the columns is refused, naming the file and the column", (t) => {
  const table = tableFromArrays({ workload: ["a"], seq: Int32Array.of(0) });
  const error = t.throws(() => tracesOfTable(table, "set/kernel-traces.arrow"), { instanceOf: InputError });
  t.regex(error!.message, /set\/kernel-traces\.arrow/);
  t.regex(error!.message, /launch_s/);
});

test("a table written before probe steps existed (no started_together column) reads as solo steps", (t) => {
  const written = tableFromIPC(
    traceTable({ solo: new Map(traces.map((x) => [x.workload, x])), startedTogether: new Map() }),
  );
  const older = written.select(written.schema.names.filter((n) => n !== "started_together"));
  const back = tracesOfTable(older);
  t.deepEqual(back.solo.get("a"), traces[0]);
  t.is(back.startedTogether.size, 0);
});

test("a table written before kernel loads existed (no sm_load column) reads kernels without one: one wave each", (t) => {
  const written = tableFromIPC(
    traceTable({ solo: new Map(traces.map((x) => [x.workload, x])), startedTogether: new Map() }),
  );
  const older = written.select(written.schema.names.filter((n) => n !== "sm_load"));
  const back = tracesOfTable(older);
  t.deepEqual(back.solo.get("a")!.kernels[0], { launchS: 0, durS: 0.01, smDemand: 132, memoryBound: false });
});
