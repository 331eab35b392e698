/** Plain-text tables for terminal output: columns padded, numbers right-aligned, control characters escaped. */
import { terminalSafe } from "./terminal.ts";

export type Cell = string | number | boolean | null | undefined;

function show(cell: Cell): string {
  if (cell === null || cell === undefined) return "-";
  if (typeof cell === "number") return Number.isInteger(cell) ? String(cell) : cell.toFixed(2);
  return terminalSafe(String(cell));
}

/**
 * A number as text: optional sign, digits, an interval (`4.02 ± 0.22`), a unit (`72.2 s`, `12.5 min`,
 * `1.74x`), a note in brackets.
 */
const NUMBER = /^[-+]?\d[\d,]*(\.\d+)?(e[-+]?\d+)?( ± \d[\d,]*(\.\d+)?)?( ?(%|s|min|h|d|x|×))?( \(.*\))?$/;
/** A cell holding no digit at all ("-", "OOM", "n/a") stands in for a number in a numeric column. */
const PLACEHOLDER = /^[^\d]*$/;

/** A column is numeric when some cell is a number and every other one a number or a placeholder. */
function isNumeric(cells: Cell[], text: string[]): boolean {
  const number = (c: Cell, i: number) => typeof c === "number" || NUMBER.test(text[i]);
  return cells.some(number) && cells.every((c, i) => number(c, i) || PLACEHOLDER.test(text[i]));
}

export function formatTable(header: string[], rows: Cell[][]): string {
  const text = rows.map((r) => r.map(show));
  const numeric = header.map((_, i) =>
    isNumeric(
      rows.map((r) => r[i]),
      text.map((r) => r[i] ?? ""),
    ),
  );
  // A loop, not Math.max(...rows): a table of a million rows would overflow the call stack.
  const widths = header.map((h, i) => text.reduce((w, r) => Math.max(w, (r[i] ?? "").length), h.length));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...text.map(line)].join("\n") + "\n";
}
