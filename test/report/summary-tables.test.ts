import test from "ava";
import { summaryTables } from "../../report/summary-tables.ts";

test("a run summary reads as labelled tables with units; percentiles of several figures as one table", (t) => {
  const tables = summaryTables({
    name: "demo",
    makespan_s: 7200,
    energy_kwh: 1.5,
    utilization: 0.8,
    jobs: { total: 3, finished: 2 },
    completion_s: { mean: 60, p95: 90 },
    wait_s: { mean: 5, p95: 9 },
    slowdown: { mean: 1.2, p95: 1.5 },
  });
  t.deepEqual(
    tables.map((x) => x.caption),
    ["", "jobs", "completion, wait, slowdown"],
  );
  t.deepEqual(tables[0].rows, [
    { field: "name", value: "demo", unit: "" },
    // Two minutes and more also read in the unit that suits them.
    { field: "makespan", value: 7200, unit: "s (2.0 h)" },
    { field: "energy", value: 1.5, unit: "kWh" },
    { field: "utilization", value: 0.8, unit: "fraction (0-1)" },
  ]);
  t.deepEqual(tables[2].columns, ["", "mean", "p95", "unit"]);
  t.deepEqual(tables[2].rows, [
    { "": "completion", mean: 60, p95: 90, unit: "s" },
    { "": "wait", mean: 5, p95: 9, unit: "s" },
    { "": "slowdown", mean: 1.2, p95: 1.5, unit: "ratio" },
  ]);
});

test("objects of same-shaped objects become one table each, counts keep no unit, rows get unit headers", (t) => {
  const tables = summaryTables({
    throughput: { mps: { mean_abs: 2.7, n: 32 }, naive: { mean_abs: 0.7, n: 34 } },
    sm_curve_held_out_pct: { mean_abs: 3.9, n: 51 },
    per_run: [{ run_id: "r1", memory_error_pct: -1.5, extra: { a: 1 } }],
  });
  t.deepEqual(tables[0], {
    caption: "throughput",
    columns: ["", "mean abs", "n", "unit"],
    rows: [
      { "": "mps", "mean abs": 2.7, n: 32, unit: "" },
      { "": "naive", "mean abs": 0.7, n: 34, unit: "" },
    ],
  });
  t.deepEqual(tables[1].rows, [
    { field: "mean abs", value: 3.9, unit: "%" },
    { field: "n", value: 51, unit: "" },
  ]);
  t.deepEqual(tables[2], {
    caption: "per run",
    columns: ["run id", "memory error (%)", "extra"],
    rows: [{ "run id": "r1", "memory error (%)": -1.5, extra: '{"a":1}' }],
  });
});
