/**
 * Vega-lite specs of a node-aware run, as the FGD paper draws them: allocation (GPUs, milli-GPUs, CPU, memory),
 * fragmentation and its classes, and unscheduled pods, against the arrived workload (milli-GPUs asked for so far,
 * as % of the cluster's) in a fill replay, against time in a timed one. Rows thinned to a few hundred.
 */
import type { TopLevelSpec } from "vega-lite";
import { POINTS, SCHEMA } from "../chart-constants.ts";
import { GPU_MILLI } from "../scenario/cluster-input.ts";
import { FRAG_CLASSES } from "./fragmentation.ts";
import type { PlacementLog } from "./placement-log.ts";

type Row = Record<string, number>;

function rowsOf(log: PlacementLog, fill: boolean): Row[] {
  const { rows, ledger } = log;
  const n = rows.time.length;
  const capacity = ledger.gpuCount * GPU_MILLI;
  const pct = (x: number, of: number) => (of > 0 ? (100 * x) / of : 0);
  const every = Math.max(1, Math.ceil(n / POINTS));
  const fig = rows.figures.map((c) => c.values());
  const out: Row[] = [];
  for (let r = 0; r < n; r++) {
    if (r % every !== every - 1 && r !== n - 1) continue;
    const idle = capacity - fig[1][r];
    const row: Row = {
      x: fill ? pct(rows.arrivedMilli.values()[r], capacity) : rows.time.values()[r] / 3600,
      gpus: pct(fig[0][r], ledger.gpuCount),
      gpu_milli: pct(fig[1][r], capacity),
      cpu: pct(fig[2][r], ledger.cpuTotal),
      memory: pct(fig[3][r], ledger.memoryTotal),
      frag_of_idle: pct(fig[4][r], idle),
      frag_of_all: pct(fig[4][r], capacity),
      unscheduled: rows.unscheduled.values()[r],
    };
    FRAG_CLASSES.forEach((c, i) => (row[c] = pct(fig[5 + i][r], capacity)));
    out.push(row);
  }
  return out;
}

function lines(
  title: string,
  xTitle: string,
  values: Row[],
  fields: [string, string][],
  yTitle: string,
): TopLevelSpec {
  return {
    $schema: SCHEMA,
    title,
    data: { values: values.flatMap((r) => fields.map(([f, series]) => ({ x: r.x, series, value: r[f] }))) },
    mark: { type: "line" },
    encoding: {
      x: { field: "x", type: "quantitative", title: xTitle },
      y: { field: "value", type: "quantitative", title: yTitle },
      color: { field: "series", type: "nominal", title: null },
    },
  };
}

export function placementCharts(log: PlacementLog, replay: "timed" | "fill"): Map<string, TopLevelSpec> {
  const fill = replay === "fill";
  const values = rowsOf(log, fill);
  const x = fill ? "arrived workload (% of the cluster's GPUs)" : "time (h)";
  const charts = new Map<string, TopLevelSpec>();
  charts.set(
    "placement-allocation",
    lines(
      "Allocated share of the cluster",
      x,
      values,
      [
        ["gpus", "GPUs in use"],
        ["gpu_milli", "milli-GPUs"],
        ["cpu", "CPU"],
        ["memory", "memory"],
      ],
      "% of the cluster's",
    ),
  );
  charts.set(
    "placement-fragmentation",
    lines(
      "GPU fragmentation (idle milli-GPUs the target workload cannot use)",
      x,
      values,
      [
        ["frag_of_idle", "% of idle GPUs"],
        ["frag_of_all", "% of all GPUs"],
      ],
      "%",
    ),
  );
  charts.set("placement-unscheduled", {
    $schema: SCHEMA,
    title: "Unscheduled pods",
    data: { values },
    mark: { type: "line", interpolate: "step-after" },
    encoding: {
      x: { field: "x", type: "quantitative", title: x },
      y: { field: "unscheduled", type: "quantitative", title: "pods" },
    },
  });
  charts.set("placement-frag-classes", {
    $schema: SCHEMA,
    title: "Idle milli-GPUs by fragmentation class (q3_satisfied is not fragmentation)",
    data: { values },
    transform: [{ fold: [...FRAG_CLASSES], as: ["class", "value"] }],
    mark: { type: "area" },
    encoding: {
      x: { field: "x", type: "quantitative", title: x },
      y: { field: "value", type: "quantitative", stack: true, title: "% of the cluster's GPUs" },
      color: { field: "class", type: "nominal", title: null },
    },
  });
  return charts;
}
