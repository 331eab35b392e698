/** JSON Lines parsing that keeps line numbers and tells a cut-off last line from a corrupt one. */
import { basename } from "node:path";
import { InputError } from "../../sim/input-error.ts";
import { locateJsonError } from "./json-error.ts";

/** A line of a run file that could not be imported, described like an InputError (file, field, expectation). */
export interface LineIssue {
  file: string;
  /** 1-based line number. */
  line: number;
  /**
   * "truncated": the last line, cut off mid-write (a killed run); "corrupt": not JSON; "invalid": breaks the
   * schema; "missing": a record the run must have is not there (line 0: the file as a whole).
   */
  kind: "truncated" | "corrupt" | "invalid" | "missing";
  field: string;
  expected: string;
  got?: unknown;
}

/** The issue as the error it becomes under --strict. */
export function issueError(issue: LineIssue, short = false): InputError {
  const file = short ? basename(issue.file) : issue.file;
  return new InputError(
    issue.line > 0 ? `${file}:${issue.line}` : file,
    issue.field,
    issue.expected,
    issue.got,
  );
}

export interface ParsedLine {
  line: number;
  value: unknown;
}

/**
 * Parse every non-blank line. A line that is not JSON is "truncated" when it is the last one and the file does
 * not end with a newline (the profiler flushes whole lines, so only a kill mid-write leaves that), else "corrupt".
 */
export function parseJsonLines(text: string, file: string): { lines: ParsedLine[]; issues: LineIssue[] } {
  const parts = text.split("\n");
  const lines: ParsedLine[] = [];
  const issues: LineIssue[] = [];
  parts.forEach((raw, i) => {
    if (raw.trim() === "") return;
    try {
      lines.push({ line: i + 1, value: JSON.parse(raw) });
    } catch {
      const cutOff = i === parts.length - 1;
      issues.push({
        file,
        line: i + 1,
        kind: cutOff ? "truncated" : "corrupt",
        field: "",
        expected: cutOff
          ? "a whole last line (the run was cut off mid-write)"
          : "one whole JSON record per line",
        // The syntax problem's name, not JSON.parse's message: that quotes the line.
        got: cutOff ? undefined : locateJsonError(raw).problem,
      });
    }
  });
  return { lines, issues };
}
