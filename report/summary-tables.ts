/**
 * A summary JSON as tables a person reads: each object's scalar fields as rows of label, value and unit; sibling
 * objects with the same keys (completion, wait and slowdown percentiles; error statistics per mode) as one
 * table with a row each; arrays of objects (rows per run, per mode) as tables of their own. Labels and units
 * come from the field names (sim/cluster/units.ts); durations of two minutes and more also read in min, h or d.
 */
import { labelOf, unitOf } from "../sim/cluster/units.ts";
import { formatDuration } from "../sim/cluster/time-unit.ts";
import type { Row, Value } from "./arrow-rows.ts";

export interface SummaryTable {
  caption: string;
  columns: string[];
  rows: Row[];
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
const isScalar = (v: unknown) => !isObject(v) && !(Array.isArray(v) && v.some(isObject));

function scalar(value: unknown): Value {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map((v) => (isObject(v) ? JSON.stringify(v) : String(v))).join(", ");
  if (isObject(value)) return JSON.stringify(value);
  return value as Value;
}

/** The unit column: the unit, and for seconds how long that reads (`s (11.0 h)`). */
function unitCell(path: string, value: unknown): string {
  const unit = unitOf(path) ?? "";
  if (unit === "s" && typeof value === "number" && Math.abs(value) >= 120)
    return `s (${formatDuration(value)})`;
  return unit;
}

/** A column named for people, with its unit: "utilization error (pp)". */
function columnLabel(name: string): string {
  const unit = unitOf(name);
  return unit ? `${labelOf(name)} (${unit})` : labelOf(name);
}

const joinPath = (path: string, key: string) => (path ? `${path}.${key}` : key);
const keysOf = (o: Json) => Object.keys(o).join("\u0000");

/** Runs of consecutive entries whose values are flat objects with the same keys (two or more make a matrix). */
function groupFlatObjects(entries: [string, Json][]): [string, Json][][] {
  const groups: [string, Json][][] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    const flat = Object.values(entry[1]).every(isScalar);
    if (last && flat && keysOf(last[0][1]) === keysOf(entry[1]) && Object.values(last[0][1]).every(isScalar))
      last.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

function matrix(path: string, group: [string, Json][]): SummaryTable {
  const keys = Object.keys(group[0][1]);
  const rows = group.map(([key, o]) => {
    const first = Object.values(o).find((v) => typeof v === "number");
    return {
      "": labelOf(key),
      ...Object.fromEntries(keys.map((k) => [labelOf(k), scalar(o[k])])),
      unit: unitCell(joinPath(path, key), first),
    };
  });
  const caption = path ? labelOf(path) : group.map(([key]) => labelOf(key)).join(", ");
  return { caption, columns: ["", ...keys.map(labelOf), "unit"], rows };
}

function tablesOf(object: Json, path: string): SummaryTable[] {
  const entries = Object.entries(object);
  const fields = entries.filter(([, v]) => isScalar(v));
  const tables: SummaryTable[] = [];
  if (fields.length > 0)
    tables.push({
      caption: path ? labelOf(path) : "",
      columns: ["field", "value", "unit"],
      rows: fields.map(([key, v]) => ({
        field: labelOf(key),
        value: scalar(v),
        unit: unitCell(joinPath(path, key), v),
      })),
    });
  const objects = entries.filter((e): e is [string, Json] => isObject(e[1]));
  for (const group of groupFlatObjects(objects)) {
    if (group.length > 1) tables.push(matrix(path, group));
    else tables.push(...tablesOf(group[0][1], joinPath(path, group[0][0])));
  }
  for (const [key, value] of entries)
    if (Array.isArray(value) && value.length > 0 && value.every(isObject)) {
      const rows = value.map((v) =>
        Object.fromEntries(Object.entries(v).map(([k, x]) => [columnLabel(k), scalar(x)])),
      );
      tables.push({
        caption: labelOf(joinPath(path, key)),
        columns: [...new Set(rows.flatMap(Object.keys))],
        rows,
      });
    }
  return tables;
}

export function summaryTables(summary: Json): SummaryTable[] {
  return tablesOf(summary, "");
}
