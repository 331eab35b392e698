/** Read one run folder: the manifest (must be whole and valid) and every JSON Lines stream, line by line. */
import { existsSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { InputError } from "../../sim/input-error.ts";
import { LIMITS } from "../../sim/cluster/scenario/limits.ts";
import { parseJson } from "./json-error.ts";
import { parseJsonLines, type LineIssue } from "./jsonl.ts";
import { pidAlive } from "../../io/pid.ts";
import { readInputText } from "./read-file.ts";
import type { Manifest, StreamRecords } from "./records.ts";
import { schemaViolation, STREAMS, type Stream } from "./schemas.ts";

/** "truncated": only cut-off last lines (a killed run), whole lines kept; "corrupt": a bad line elsewhere. */
export type IngestStatus = "ok" | "truncated" | "corrupt";

export interface ParsedRun {
  folder: string;
  /** As written, except that a stale `running` is read as `partial` (see `notes`). */
  manifest: Manifest;
  records: StreamRecords;
  issues: LineIssue[];
  status: IngestStatus;
  /** What ingest concluded about the run as a whole (a manifest left `running`), for warnings. */
  notes: string[];
}

/**
 * A run file's text, or an InputError naming it and the limit (`maxMb`, raised by ingest's --max-file-mb).
 * JSON Lines streams are read leniently: a line of junk bytes is a corrupt line, marked like any other.
 */
const readRunFile = (file: string, maxMb: number, lenient = false) =>
  readInputText(file, "a run file", "ingest_mb", maxMb, lenient);

export function readManifest(folder: string, maxMb: number = LIMITS.ingest_mb.default): Manifest {
  const file = join(folder, "manifest.json");
  if (!existsSync(file)) throw new InputError(file, "", "a manifest.json in every run folder");
  const manifest = parseJson(readRunFile(file, maxMb), file, "a whole JSON object");
  const violation = schemaViolation("manifest", manifest);
  if (violation) throw new InputError(file, violation.field, violation.expected, violation.got);
  return manifest as Manifest;
}

function readStream(folder: string, stream: Stream, procs: ReadonlySet<number>, maxMb: number) {
  const file = join(folder, `${stream}.jsonl`);
  if (!existsSync(file)) return { records: [], issues: [] };
  const { lines, issues } = parseJsonLines(readRunFile(file, maxMb, true), file);
  const records: unknown[] = [];
  for (const { line, value } of lines) {
    const violation = schemaViolation(stream, value);
    if (violation) {
      issues.push({ file, line, kind: "invalid", ...violation });
      continue;
    }
    const proc = (value as { proc?: unknown }).proc; // a valid record is an object
    if (typeof proc === "number" && !procs.has(proc))
      issues.push({
        file,
        line,
        kind: "invalid",
        field: "proc",
        expected: "one of the manifest's processes",
        got: proc,
      });
    else records.push(value);
  }
  return { records, issues };
}

/** Every process of a run that says it is complete wrote its end record; one without is not whole. */
function missingEnds(folder: string, manifest: Manifest, records: StreamRecords): LineIssue[] {
  if (manifest.status !== "complete") return [];
  const ended = new Set(records.procs.map((r) => r.proc));
  return manifest.processes
    .filter((p) => !ended.has(p.proc))
    .map((p) => ({
      file: join(folder, "procs.jsonl"),
      line: 0,
      kind: "missing" as const,
      field: "proc",
      expected: "an end record of every process of a complete run",
      got: p.proc,
    }));
}

/**
 * A manifest still `running` was never closed: its coordinator was killed, or it is still measuring. Either
 * way the run is not whole: it is read as `partial` (docs/run-format.md), with a note saying which it is.
 */
function staleRunning(manifest: Manifest): { manifest: Manifest; notes: string[] } {
  if (manifest.status !== "running") return { manifest, notes: [] };
  const c = manifest.coordinator;
  const still = c !== undefined && c.host === hostname() && pidAlive(c.pid);
  const why = still
    ? `is still being measured (coordinator pid ${c.pid} runs on this host)`
    : "was never closed (its coordinator was killed)";
  return {
    manifest: { ...manifest, status: "partial" },
    notes: [`manifest status "running": the run ${why}; ingested as partial`],
  };
}

export function readRun(folder: string, maxMb: number = LIMITS.ingest_mb.default): ParsedRun {
  const read = staleRunning(readManifest(folder, maxMb));
  const procs = new Set(read.manifest.processes.map((p) => p.proc));
  const records = {} as Record<Stream, unknown[]>;
  const issues: LineIssue[] = [];
  for (const stream of STREAMS) {
    const parsed = readStream(folder, stream, procs, maxMb);
    records[stream] = parsed.records;
    issues.push(...parsed.issues);
  }
  const typed = records as unknown as StreamRecords;
  issues.push(...missingEnds(folder, read.manifest, typed));
  const status: IngestStatus =
    issues.length === 0 ? "ok" : issues.every((i) => i.kind === "truncated") ? "truncated" : "corrupt";
  return { folder, manifest: read.manifest, records: typed, issues, status, notes: read.notes };
}
