/** CSV text to rows validated by a zod schema; a bad cell becomes an InputError naming the file, line and column. */
import { csvParse } from "d3-dsv";
import type { z } from "zod";
import { InputError } from "../../input-error.ts";
import { issueToInputError } from "../scenario/zod-issue.ts";

/** Empty cells count as absent, so optional columns may be left blank. */
function withoutBlanks(row: Record<string, string | undefined>, columns: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns) {
    const v = row[c];
    if (v !== undefined && v.trim() !== "") out[c] = v;
  }
  return out;
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
  const table = csvParse(text);
  const missing = required.filter((c) => !table.columns.includes(c));
  if (missing.length > 0)
    throw new InputError(
      file,
      "line 1",
      `a header with column(s) ${required.join(", ")}`,
      headerQuote(table.columns),
    );
  return table.map((cells, i) => {
    const line = i + 2;
    const given = withoutBlanks(cells, table.columns);
    const parsed = row.safeParse(given);
    if (!parsed.success) {
      // Parsed again with the input in the issue, a cost only the failing row pays.
      const issue = row.safeParse(given, { reportInput: true }).error!.issues[0];
      const { field, expected } = issueToInputError(file, issue);
      // The cell as written (zod's coerced input would show "x" as NaN).
      throw new InputError(file, `line ${line}, column ${field}`, expected, cells[String(issue.path[0])]);
    }
    return { line, row: parsed.data };
  });
}
