/**
 * Units of the simulator's result columns and summary fields, found from their names: the naming rule (a unit
 * suffix: `_s`, `_bytes`, `_w`...) first, then the unitless names that still have a scale. Written into the
 * Arrow files as field metadata (`unit`) and shown by reports; docs/simulator.md lists them.
 */
import { Field, Schema, Table } from "apache-arrow";

/** Name suffix -> unit, longest suffixes first; `_per_hour` stays in a label ("jobs per hour"), the others go. */
const SUFFIXES: [string, string][] = [
  ["_img_per_s", "images/s"],
  ["_per_hour", "/h"],
  ["_bytes", "bytes"],
  ["_kwh", "kWh"],
  ["_kw", "kW"],
  ["_pct", "%"],
  ["_pp", "pp"],
  ["_s", "s"],
  ["_h", "h"],
  ["_w", "W"],
  ["_j", "J"],
];
const KEPT_IN_LABEL = new Set(["_per_hour"]);

/** Names without a unit suffix that still have one; "" for a count inside a group that has one (`n`). */
const NAMED: Record<string, string> = {
  n: "",
  utilization: "fraction (0-1)",
  sm_activity: "fraction (0-1)",
  idle_gpu_fraction: "fraction (0-1)",
  idle_sm_capacity: "fraction (0-1)",
  fraction: "fraction (0-1)",
  slowdown: "ratio",
  slowdown_mean: "ratio",
  sm_limit: "SMs",
  stranded_mig_slices: "slices",
  mape: "%",
};

const unitOfPart = (part: string) => NAMED[part] ?? SUFFIXES.find(([suffix]) => part.endsWith(suffix))?.[1];

/**
 * The unit of a column or field name, or undefined for a count, label or id. A dotted summary field takes the
 * unit of its innermost part that has one (`completion_s.p95` is in s, `stranded_mig_slices.fraction` a fraction).
 */
export function unitOf(name: string): string | undefined {
  for (const part of name.split(".").reverse()) {
    const unit = unitOfPart(part);
    if (unit !== undefined) return unit || undefined;
  }
  return undefined;
}

/** A field's name for people: its last dotted part, a unit suffix dropped (the unit goes beside it), words spaced. */
export function labelOf(name: string): string {
  const last = name.slice(name.lastIndexOf(".") + 1);
  const suffix = SUFFIXES.find(([s]) => last.endsWith(s) && last.length > s.length)?.[0];
  const bare = suffix && !KEPT_IN_LABEL.has(suffix) ? last.slice(0, -suffix.length) : last;
  return bare.replaceAll("_", " ");
}

/** The same table with every column's unit as its field metadata `unit` (columns without one untouched). */
export function withUnits(table: Table): Table {
  const fields = table.schema.fields.map((f) => {
    const unit = unitOf(f.name);
    return unit === undefined ? f : new Field(f.name, f.type, f.nullable, new Map([["unit", unit]]));
  });
  return new Table(new Schema(fields, table.schema.metadata), table.batches);
}
