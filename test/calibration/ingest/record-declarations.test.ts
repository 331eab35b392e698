/**
 * A run record is declared by the profiler's JSON Schemas (profiler/schemas/, which the profiler writes and the reader
 * checks against); the ingest tables (calibration/ingest/tables.ts) derive from them, and the TypeScript records
 * (records.ts) and rows (rows.ts) from those. A field added to a schema fails here until its table has the column; a
 * column added to a table fails the build until records.ts and rows.ts carry it (the assertions below, and rows.ts's
 * object literals typed by the table).
 */
import test from "ava";
import { readFileSync } from "node:fs";
import type {
  EventRecord,
  IterationRecord,
  JobRecord,
  KernelRecord,
  ManifestProcess,
  OverheadRecord,
  ProcRecord,
  SampleRecord,
  StepRecord,
  WorkloadDefinition,
} from "../../../calibration/ingest/records.ts";
import {
  EVENTS,
  ITERATIONS,
  JOBS,
  KERNELS,
  OVERHEAD,
  PROCS,
  RUNS,
  SAMPLES,
  STEPS,
  WORKLOADS,
  type EventRow,
  type IterationRow,
  type JobRow,
  type KernelRow,
  type OverheadRow,
  type ProcRow,
  type SampleRow,
  type StepRow,
  type WorkloadRow,
} from "../../../calibration/ingest/tables.ts";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only when a record's fields, renamed as ingest renames them, are its row's columns. */
const sameKeys = <A, B>(same: Same<A, B>) => same;
sameKeys<keyof StepRecord | "run_id", keyof StepRow>(true);
sameKeys<keyof IterationRecord | "run_id", keyof IterationRow>(true);
sameKeys<keyof JobRecord | "run_id", keyof JobRow>(true);
sameKeys<keyof OverheadRecord | "run_id", keyof OverheadRow>(true);
sameKeys<keyof EventRecord | "run_id", keyof EventRow>(true);
sameKeys<keyof SampleRecord | "run_id" | "in_window", keyof SampleRow>(true);
sameKeys<
  Exclude<keyof KernelRecord, "grid" | "block"> | "run_id" | `${"grid" | "block"}_${"x" | "y" | "z"}`,
  keyof KernelRow
>(true);
sameKeys<keyof ProcRecord | keyof ManifestProcess | "run_id", keyof ProcRow>(true);
sameKeys<
  Exclude<keyof WorkloadDefinition, "input"> | "run_id" | "workload" | `input_${"c" | "h" | "w"}`,
  keyof WorkloadRow
>(true);

const properties = (file: string, path: string[] = []): string[] => {
  let node = JSON.parse(readFileSync(`profiler/schemas/${file}.schema.json`, "utf8"));
  for (const key of path) node = node[key];
  return Object.keys(node.properties);
};
const columns = (spec: object) => Object.keys(spec).sort();

/** Schema fields to the columns ingest makes of them: renamed ones and those a table adds. */
function asColumns(fields: string[], rename: Record<string, string[]>, added: string[]): string[] {
  return [...fields.flatMap((f) => rename[f] ?? [f]), ...added].sort();
}

const xyz = (name: string) => ["x", "y", "z"].map((axis) => `${name}_${axis}`);

test("every field of each JSON Lines record schema is a column of its table, and no column lacks one", (t) => {
  const runId = ["run_id"];
  t.deepEqual(asColumns(properties("steps"), {}, runId), columns(STEPS));
  t.deepEqual(asColumns(properties("iterations"), {}, runId), columns(ITERATIONS));
  t.deepEqual(asColumns(properties("jobs"), {}, runId), columns(JOBS));
  t.deepEqual(asColumns(properties("overhead"), {}, runId), columns(OVERHEAD));
  t.deepEqual(asColumns(properties("events"), {}, runId), columns(EVENTS));
  t.deepEqual(asColumns(properties("samples"), {}, ["run_id", "in_window"]), columns(SAMPLES));
  t.deepEqual(
    asColumns(properties("kernels"), { grid: xyz("grid"), block: xyz("block") }, runId),
    columns(KERNELS),
  );
});

test("the manifest's processes, workloads and settings are columns too", (t) => {
  // A process row joins the manifest's entry with the process's end record (procs.jsonl).
  const processFields = properties("manifest", ["properties", "processes", "items"]);
  t.deepEqual(
    [...new Set(asColumns([...processFields, ...properties("procs")], {}, ["run_id"]))],
    columns(PROCS),
  );
  const workloadFields = properties("manifest", ["properties", "workloads", "additionalProperties"]);
  t.deepEqual(
    asColumns(workloadFields, { input: ["input_c", "input_h", "input_w"] }, ["run_id", "workload"]),
    columns(WORKLOADS),
  );
  const settings = properties("manifest", ["properties", "settings"]);
  t.deepEqual(
    settings.filter((s) => !(s in RUNS)),
    [],
  );
});
