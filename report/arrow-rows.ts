/** Arrow tables as plain rows of JSON values, for inlining into chart specs and for HTML previews. */
import type { Table } from "apache-arrow";

export type Value = string | number | boolean | null;
export type Row = Record<string, Value>;

/** Plain JS value of one Arrow cell: 64-bit integers become numbers, dates ISO strings, nested values JSON text. */
function plain(cell: unknown): Value {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === "bigint") return Number(cell);
  if (typeof cell === "number" || typeof cell === "string" || typeof cell === "boolean") return cell;
  if (cell instanceof Date) return cell.toISOString();
  return JSON.stringify(cell, (_, v: unknown) => (typeof v === "bigint" ? Number(v) : v));
}

/** The first `limit` rows (all by default), in table order. */
export function tableRows(table: Table, limit = table.numRows): Row[] {
  const names = table.schema.fields.map((f) => f.name);
  const columns = names.map((n) => table.getChild(n));
  const rows: Row[] = [];
  for (let i = 0; i < Math.min(limit, table.numRows); i++) {
    rows.push(Object.fromEntries(names.map((n, c) => [n, plain(columns[c]?.get(i))])));
  }
  return rows;
}
