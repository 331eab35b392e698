/**
 * Summary JSON -> tables. Nested objects become dotted keys (`mape.mps`), arrays of scalars a comma list, and
 * arrays of objects (per-mode or per-workload rows) tables of their own, named by their key.
 */
import type { Row, Value } from "./arrow-rows.ts";

export interface Flat {
  scalars: [string, Value][];
  lists: { name: string; rows: Row[] }[];
}

export function flatten(object: Record<string, unknown>, prefix = ""): Flat {
  const flat: Flat = { scalars: [], lists: [] };
  for (const [key, value] of Object.entries(object)) {
    const name = prefix + key;
    if (Array.isArray(value) && value.length > 0 && value.every(isObject)) {
      flat.lists.push({ name, rows: value.map((v) => flatten(v).scalars).map(Object.fromEntries) });
    } else if (isObject(value)) {
      const inner = flatten(value, `${name}.`);
      flat.scalars.push(...inner.scalars);
      flat.lists.push(...inner.lists);
    } else {
      flat.scalars.push([name, scalar(value)]);
    }
  }
  return flat;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function scalar(value: unknown): Value {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map((v) => (isObject(v) ? JSON.stringify(v) : String(v))).join(", ");
  return value as Value;
}
