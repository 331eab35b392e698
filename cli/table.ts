/** Plain-text tables for terminal output: columns padded, numbers right-aligned, control characters escaped. */
import { terminalSafe } from "./terminal.ts";

export type Cell = string | number | boolean | null | undefined;

function show(cell: Cell): string {
  if (cell === null || cell === undefined) return "-";
  if (typeof cell === "number") return Number.isInteger(cell) ? String(cell) : cell.toFixed(2);
  return terminalSafe(String(cell));
}

export function formatTable(header: string[], rows: Cell[][]): string {
  const text = rows.map((r) => r.map(show));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === "number"));
  // A loop, not Math.max(...rows): a table of a million rows would overflow the call stack.
  const widths = header.map((h, i) => text.reduce((w, r) => Math.max(w, (r[i] ?? "").length), h.length));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...text.map(line)].join("\n") + "\n";
}
