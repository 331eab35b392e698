/** Profiler run folders -> sorted, typed ingest tables (rows in memory, or Arrow IPC files to write). */
import { tableToIPC } from "apache-arrow";
import { join } from "node:path";
import { InputError } from "../../sim/input-error.ts";
import { toArrowTable } from "./arrow-table.ts";
import { checkOneGpu, type OneGpu } from "./gpu-check.ts";
import { issueError, type LineIssue } from "./jsonl.ts";
import { readRun, type IngestStatus, type ParsedRun } from "./read-run.ts";
import { runRows } from "./rows.ts";
import { sortRows } from "./sort-rows.ts";
import { TABLES, type IngestedRows, type TableName } from "./tables.ts";

export interface IngestOptions {
  /** Accept runs from different GPU models in one dataset. */
  allowMixedGpus?: boolean;
  /** Refuse the whole input on the first bad line instead of marking its run. */
  strict?: boolean;
  /** Called after each run folder is read (progress). */
  onRun?: () => void;
  /** Largest run file read, MiB (limits.ts `ingest_mb`). */
  maxFileMb?: number;
  /** Which GPU the runs are meant for, when mixed GPUs are refused. */
  oneGpu?: OneGpu;
}

export interface RunReport {
  run_id: string;
  folder: string;
  status: IngestStatus;
  issues: LineIssue[];
  /** What ingest concluded about the run as a whole (e.g. a stale `running` manifest read as partial). */
  notes: string[];
}

export interface Ingested {
  rows: IngestedRows;
  /** Every run, sorted by id, with what could not be imported. */
  reports: RunReport[];
}

const TABLE_NAMES = Object.keys(TABLES) as TableName[];
/** The files `arrowFiles` writes, one per table: what `colloc ingest --out` may already hold. */
const INGEST_FILES: ReadonlySet<string> = new Set(TABLE_NAMES.map((name) => `${name}.arrow`));
export const isIngestFile = (name: string): boolean => INGEST_FILES.has(name);

function checkUniqueIds(runs: readonly ParsedRun[]): void {
  const seen = new Map<string, string>();
  for (const run of runs) {
    const other = seen.get(run.manifest.run_id);
    if (other !== undefined) {
      throw new InputError(
        join(run.folder, "manifest.json"),
        "run_id",
        `an id no other run has (${other} has it too)`,
      );
    }
    seen.set(run.manifest.run_id, run.folder);
  }
}

/** Read run folders (see findRunFolders for turning RUNS arguments into them) into sorted table rows. */
export function ingestRuns(folders: readonly string[], options: IngestOptions = {}): Ingested {
  const runs = folders.map((folder) => {
    const run = readRun(folder, options.maxFileMb);
    options.onRun?.();
    return run;
  });
  checkUniqueIds(runs);
  if (!options.allowMixedGpus) checkOneGpu(runs, options.oneGpu);
  const firstIssue = runs.flatMap((r) => r.issues)[0];
  if (options.strict && firstIssue) throw issueError(firstIssue);

  const perRun = runs.map(runRows);
  const rows = Object.fromEntries(
    TABLE_NAMES.map((name) => {
      const all = perRun.flatMap((r) => r[name] as Record<string, unknown>[]);
      return [name, sortRows(all, TABLES[name].key)];
    }),
  ) as unknown as IngestedRows;
  const reports = sortRows(
    runs.map((r) => ({
      run_id: r.manifest.run_id,
      folder: r.folder,
      status: r.status,
      issues: r.issues,
      notes: r.notes,
    })),
    ["run_id"],
  );
  return { rows, reports };
}

/** Every table as an Arrow IPC file (`<table>.arrow`), ready for writeFolder. */
export function arrowFiles(rows: IngestedRows): Map<string, Uint8Array> {
  return new Map(
    TABLE_NAMES.map((name) => [
      `${name}.arrow`,
      tableToIPC(toArrowTable(TABLES[name].spec, rows[name]), "file"),
    ]),
  );
}
