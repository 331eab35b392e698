/** CSV text to rows validated by a zod schema; a bad cell becomes an InputError naming the file, line and column. */
import { csvParseRows } from "d3-dsv";
import type { z } from "zod";
import { InputError } from "../../input-error.ts";
import { issueToInputError } from "../scenario/zod-issue.ts";

/** Empty cells count as absent, so optional columns may be left blank. */
function withoutBlanks(cells: string[], columns: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  columns.forEach((c, i) => {
    const v = cells[i];
    if (v.trim() !== "") out[c] = v;
  });
  return out;
}

/**
 * The first line with an odd number of quotes: a quoted field left open there would swallow every line after it into
 * one cell (quoted line breaks are not supported, so a field's quotes pair up on its line).
 */
function unterminatedQuote(text: string): number | undefined {
  const lines = text.split(/\r?\n/);
  const i = lines.findIndex((l) => (l.match(/"/g)?.length ?? 0) % 2 === 1);
  return i < 0 ? undefined : i + 1;
}

/**
 * What a message may quote of a first line that is not the expected header: a short prefix, and only when it
 * reads like a header (names, commas, spaces), so that a wrong file (a key, /etc/shadow) is never echoed.
 */
function headerQuote(columns: string[]): string {
  const line = columns.join(",");
  if (!/^[\w ,.()/-]*$/.test(line)) return "a first line that is not a CSV header";
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

/** Rows with their 1-based line numbers (the header is line 1; quoted line breaks are not supported). */
export function csvRows<T>(
  text: string,
  file: string,
  row: z.ZodType<T>,
  required: string[],
): { line: number; row: T }[] {
  const [columns = [], ...rows] = csvParseRows(text);
  const missing = required.filter((c) => !columns.includes(c));
  if (missing.length > 0)
    throw new InputError(
      file,
      "line 1",
      `a header with column(s) ${required.join(", ")}`,
      headerQuote(columns),
    );
  // A column named twice would be read from one of its cells and the other dropped without a word.
  const twice = columns.find((c, i) => c !== "" && columns.indexOf(c) !== i);
  if (twice !== undefined) throw new InputError(file, "line 1", "a header naming each column once", twice);
  const open = unterminatedQuote(text);
  if (open !== undefined)
    throw new InputError(
      file,
      `line ${open}`,
      "a quoted field closed on its own line (a lone quote opens one)",
    );
  return rows.flatMap((cells, i) => {
    const line = i + 2;
    if (cells.length === 1 && cells[0].trim() === "") return []; // a blank line
    // A row of other length is shifted or cut: reading it by position would put values under the wrong columns.
    if (cells.length !== columns.length)
      throw new InputError(
        file,
        `line ${line}`,
        `${columns.length} cells, one per header column`,
        cells.length,
      );
    const given = withoutBlanks(cells, columns);
    const parsed = row.safeParse(given);
    if (!parsed.success) {
      // Parsed again with the input in the issue, a cost only the failing row pays.
      const issue = row.safeParse(given, { reportInput: true }).error!.issues[0];
      const { field, expected } = issueToInputError(file, issue);
      // The cell as written (zod's coerced input would show "x" as NaN).
      throw new InputError(
        file,
        `line ${line}, column ${field}`,
        expected,
        cells[columns.indexOf(String(issue.path[0]))],
      );
    }
    return [{ line, row: parsed.data }];
  });
}
