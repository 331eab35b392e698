/** Read one run folder: the manifest (must be whole and valid) and every JSON Lines stream, line by line. */
import { existsSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { hostname } from "node:os";
import { join } from "node:path";
import { InputError } from "../../sim/input-error.ts";
import { LIMITS, MIB } from "../../sim/cluster/scenario/limits.ts";
import { parseJson } from "./json-error.ts";
import { parseJsonLines, type LineIssue } from "./jsonl.ts";
import { pidAlive } from "../../io/pid.ts";
import { FileError, fileInputError, readFileBytes, readInputText } from "./read-file.ts";
import { jobTimesViolation } from "./job-times.ts";
import type { JobRecord, Manifest, StreamRecords } from "./records.ts";
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

/**
 * A gzipped stream's text (the profiler compresses a run's kernel trace when the run ends). Its compressed and
 * its decompressed size are both held to the limit; gzip data that does not end whole is one corrupt issue.
 */
function gzipText(file: string, maxMb: number): { text: string; issues: LineIssue[] } {
  const refused = (got: string) => fileInputError(file, "a run file", "gzip", "ingest_mb", maxMb, got);
  let bytes: Buffer;
  try {
    bytes = readFileBytes(file, maxMb * MIB);
  } catch (error) {
    throw error instanceof FileError ? refused(error.message) : error;
  }
  try {
    return {
      text: new TextDecoder("utf-8").decode(gunzipSync(bytes, { maxOutputLength: maxMb * MIB })),
      issues: [],
    };
  } catch (error) {
    if (error instanceof RangeError) throw refused(`larger than ${maxMb} MiB once decompressed`);
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    const message = error instanceof Error ? error.message : "unreadable"; // zlib's words, never the data
    const got =
      code === "Z_BUF_ERROR" ? "cut off (unexpected end of file)" : `damaged gzip data (${message})`;
    return {
      text: "",
      issues: [{ file, line: 0, kind: "corrupt", field: "", expected: "a whole gzip file", got }],
    };
  }
}

/** A stream's file and text: `<stream>.jsonl` as written, else `<stream>.jsonl.gz`; absent: no text. */
function streamText(folder: string, stream: Stream, maxMb: number) {
  const plain = join(folder, `${stream}.jsonl`);
  if (existsSync(plain)) return { file: plain, text: readRunFile(plain, maxMb, true), issues: [] };
  const gz = `${plain}.gz`;
  if (existsSync(gz)) return { file: gz, ...gzipText(gz, maxMb) };
  return undefined;
}

function readStream(folder: string, stream: Stream, procs: ReadonlySet<number>, maxMb: number) {
  const read = streamText(folder, stream, maxMb);
  if (!read) return { records: [], issues: [] };
  const { file } = read;
  const parsed = parseJsonLines(read.text, file);
  const issues = [...read.issues, ...parsed.issues];
  const lines = parsed.lines;
  const records: unknown[] = [];
  for (const { line, value } of lines) {
    const violation =
      schemaViolation(stream, value) ??
      (stream === "jobs" ? jobTimesViolation(value as JobRecord) : undefined);
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
