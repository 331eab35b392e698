/** Read one run folder: the manifest (must be whole and valid) and every JSON Lines stream, line by line. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../../sim/core/errors.ts";
import { locateJsonError } from "./json-error.ts";
import { parseJsonLines, type LineIssue } from "./jsonl.ts";
import type { Manifest, StreamRecords } from "./records.ts";
import { schemaViolation, STREAMS, type Stream } from "./schemas.ts";

/** "truncated": only cut-off last lines (a killed run), whole lines kept; "corrupt": a bad line elsewhere. */
export type IngestStatus = "ok" | "truncated" | "corrupt";

export interface ParsedRun {
  folder: string;
  manifest: Manifest;
  records: StreamRecords;
  issues: LineIssue[];
  status: IngestStatus;
}

export function readManifest(folder: string): Manifest {
  const file = join(folder, "manifest.json");
  if (!existsSync(file)) throw new InputError(file, "", "a manifest.json in every run folder");
  const text = readFileSync(file, "utf8");
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    const { line, problem } = locateJsonError(text);
    throw new InputError(`${file}:${line}`, "", "a whole JSON object", problem);
  }
  const violation = schemaViolation("manifest", manifest);
  if (violation) throw new InputError(file, violation.field, violation.expected, violation.got);
  return manifest as Manifest;
}

function readStream(folder: string, stream: Stream, procs: ReadonlySet<number>) {
  const file = join(folder, `${stream}.jsonl`);
  if (!existsSync(file)) return { records: [], issues: [] };
  const { lines, issues } = parseJsonLines(readFileSync(file, "utf8"), file);
  const records: unknown[] = [];
  for (const { line, value } of lines) {
    const violation = schemaViolation(stream, value);
    const proc = (value as { proc?: unknown }).proc;
    if (violation) {
      issues.push({ file, line, kind: "invalid", ...violation });
    } else if (typeof proc === "number" && !procs.has(proc)) {
      issues.push({
        file,
        line,
        kind: "invalid",
        field: "proc",
        expected: "one of the manifest's processes",
        got: proc,
      });
    } else {
      records.push(value);
    }
  }
  return { records, issues };
}

export function readRun(folder: string): ParsedRun {
  const manifest = readManifest(folder);
  const procs = new Set(manifest.processes.map((p) => p.proc));
  const records = {} as Record<Stream, unknown[]>;
  const issues: LineIssue[] = [];
  for (const stream of STREAMS) {
    const read = readStream(folder, stream, procs);
    records[stream] = read.records;
    issues.push(...read.issues);
  }
  const status: IngestStatus =
    issues.length === 0 ? "ok" : issues.every((i) => i.kind === "truncated") ? "truncated" : "corrupt";
  return { folder, manifest, records: records as unknown as StreamRecords, issues, status };
}
