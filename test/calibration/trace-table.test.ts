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
      { launchS: 0, durS: 0.01, smDemand: 132, memoryBound: false },
      { launchS: 0.02, durS: 0.005, smDemand: 12, memoryBound: true },
    ],
  },
  { workload: "b", stepS: 0.05, kernels: [{ launchS: 0.001, durS: 0.04, smDemand: 64, memoryBound: false }] },
];

test("traces written to kernel-traces.arrow read back as they were, by workload", (t) => {
  const back = tracesOfTable(tableFromIPC(traceTable(traces)));
  t.deepEqual([...back.keys()], ["a", "b"]);
  t.deepEqual(back.get("a"), traces[0]);
  t.deepEqual(back.get("b"), traces[1]);
});

test("a table without one of the columns is refused, naming the file and the column", (t) => {
  const table = tableFromArrays({ workload: ["a"], seq: Int32Array.of(0) });
  const error = t.throws(() => tracesOfTable(table, "set/kernel-traces.arrow"), { instanceOf: InputError });
  t.regex(error!.message, /set\/kernel-traces\.arrow/);
  t.regex(error!.message, /launch_s/);
});
