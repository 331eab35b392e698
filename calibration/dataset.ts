/**
 * An ingested dataset (the Arrow folder `colloc ingest` writes) read back as typed rows, the input of
 * `colloc calibrate` and of predicted-versus-measured checks. Byte counts come back from Arrow as bigint and
 * are turned into numbers (exact below 2^53).
 */
import type { Table } from "apache-arrow";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { arrowSchema } from "./ingest/arrow-table.ts";
import { InputError } from "../sim/input-error.ts";
import { findRunFolders } from "./ingest/discover.ts";
import { ingestRuns } from "./ingest/ingest.ts";
import { readTable } from "./ingest/read.ts";
import type {
  IterationRow,
  JobRow,
  KernelRow,
  ProcRow,
  RunRow,
  SampleRow,
  StepRow,
  TableName,
  WorkloadRow,
} from "./ingest/tables.ts";
import { TABLES } from "./ingest/tables.ts";

export interface Dataset {
  dir: string;
  runs: RunRow[];
  workloads: WorkloadRow[];
  procs: ProcRow[];
  samples: SampleRow[];
  steps: StepRow[];
  iterations: IterationRow[];
  kernels: KernelRow[];
  jobs: JobRow[];
}

/** Every column the table's spec names, with its type: a table of another kind or version is refused here. */
function checkColumns(file: string, name: TableName, table: Table): void {
  const have = new Map(table.schema.fields.map((f) => [f.name, String(f.type)]));
  for (const field of arrowSchema(TABLES[name].spec).fields) {
    const type = have.get(field.name);
    if (type !== String(field.type))
      throw new InputError(
        file,
        field.name,
        `a column of ${String(field.type)}, as colloc ingest writes its ${name} table`,
        type === undefined ? "no such column" : type,
      );
  }
}

function rows<R>(dir: string, name: TableName): R[] {
  const file = join(dir, `${name}.arrow`);
  if (!existsSync(file))
    throw new InputError(dir, `${name}.arrow`, "an ingested dataset folder (colloc ingest --out)");
  const table = readTable(file);
  checkColumns(file, name, table);
  return table.toArray().map((row) => {
    const plain = row.toJSON() as Record<string, unknown>;
    for (const key of Object.keys(plain)) {
      if (typeof plain[key] === "bigint") plain[key] = Number(plain[key]);
    }
    return plain as R;
  });
}

export function loadDataset(dir: string): Dataset {
  return {
    dir,
    runs: rows<RunRow>(dir, "runs"),
    workloads: rows<WorkloadRow>(dir, "workloads"),
    procs: rows<ProcRow>(dir, "procs"),
    samples: rows<SampleRow>(dir, "samples"),
    steps: rows<StepRow>(dir, "steps"),
    iterations: rows<IterationRow>(dir, "iterations"),
    kernels: rows<KernelRow>(dir, "kernels"),
    jobs: rows<JobRow>(dir, "jobs"),
  };
}

/** A dataset straight from profiler run folders (ingested in memory, the same rows `colloc ingest` writes). */
export function ingestDataset(paths: string[]): Dataset {
  const { rows } = ingestRuns(findRunFolders(paths));
  return {
    dir: paths.join(", "),
    runs: rows.runs,
    workloads: rows.workloads,
    procs: rows.procs,
    samples: rows.samples,
    steps: rows.steps,
    iterations: rows.iterations,
    kernels: rows.kernels,
    jobs: rows.jobs,
  };
}
