/**
 * The calibration set's Arrow tables, read in the page with apache-arrow: the workload table (what the job pickers
 * offer) and the kernel traces sim/replay loops over. Both arrive base64-encoded in data.js (file:// pages cannot
 * fetch files).
 */
import { tableFromIPC, type Table } from "apache-arrow";
import type { RowOf } from "../../calibration/ingest/arrow-table.ts";
import type { WORKLOAD_TABLE } from "../../calibration/tables.ts";
import type { TRACE_TABLE } from "../../calibration/traces.ts";
import type { JobTrace } from "../../sim/replay/index.ts";

export type WorkloadRow = RowOf<typeof WORKLOAD_TABLE>;
type TraceColumn = keyof typeof TRACE_TABLE;

export function fromBase64(text: string): Uint8Array {
  const chars = atob(text);
  const bytes = new Uint8Array(chars.length);
  for (let i = 0; i < chars.length; i++) bytes[i] = chars.charCodeAt(i);
  return bytes;
}

/** Arrow gives 64-bit integers as bigint; byte counts fit a number exactly. */
const plain = (v: unknown) => (typeof v === "bigint" ? Number(v) : v);

export function workloadRows(bytes: Uint8Array): WorkloadRow[] {
  return tableFromIPC(bytes)
    .toArray()
    .map(
      (row) =>
        Object.fromEntries(
          Object.entries(row.toJSON() as Record<string, unknown>).map(([k, v]) => [k, plain(v)]),
        ) as WorkloadRow,
    );
}

function column(table: Table, name: TraceColumn) {
  const vector = table.getChild(name);
  if (!vector) throw new Error(`kernel-traces.arrow has no column ${name}`);
  return vector;
}

/** One recorded step per workload, kernels in order (as calibration/traces.ts writes and reads them). */
export function kernelTraces(bytes: Uint8Array): Map<string, JobTrace> {
  const table = tableFromIPC(bytes);
  const workload = column(table, "workload").toArray() as string[];
  const [seq, launch, dur, demand, step] = (["seq", "launch_s", "dur_s", "sm_demand", "step_s"] as const).map(
    (name) => column(table, name).toArray() as ArrayLike<number>,
  );
  const memoryBound = column(table, "memory_bound").toArray() as ArrayLike<boolean>;
  const traces = new Map<string, JobTrace>();
  for (let i = 0; i < table.numRows; i++) {
    const id = workload[i];
    let trace = traces.get(id);
    if (!trace) traces.set(id, (trace = { workload: id, stepS: step[i], kernels: [] }));
    trace.kernels[seq[i]] = {
      launchS: launch[i],
      durS: dur[i],
      smDemand: demand[i],
      memoryBound: memoryBound[i],
    };
  }
  return traces;
}
