/**
 * The calibration set's Arrow tables, read in the page with apache-arrow: the workload table (what the job pickers
 * offer) and the kernel traces sim/replay loops over. Both arrive base64-encoded in data.js (file:// pages cannot
 * fetch files).
 */
import { tableFromIPC } from "apache-arrow";
import type { RowOf } from "../../calibration/ingest/arrow-table.ts";
import type { WORKLOAD_TABLE } from "../../calibration/tables.ts";
import { tracesOfTable } from "../../calibration/trace-table.ts";
import type { JobTrace } from "../../sim/replay/index.ts";

export type WorkloadRow = RowOf<typeof WORKLOAD_TABLE>;

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

/** One recorded solo step per workload, kernels in order (calibration/trace-table.ts decodes them for both). */
export function kernelTraces(bytes: Uint8Array): Map<string, JobTrace> {
  return tracesOfTable(tableFromIPC(bytes)).solo;
}
