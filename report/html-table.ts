/** HTML-escaped text and tables for the report: numbers right-aligned and rounded for reading. */
import type { Row, Value } from "./arrow-rows.ts";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * Integers as they are; other numbers to 3 decimals, 4 significant digits below 1 so small ones survive, and in
 * exponent form below 1e-4 (floating-point residue such as -1.4e-14 would otherwise print as a long run of zeros).
 */
export function formatValue(value: Value): string {
  if (value === null) return "–";
  if (typeof value !== "number") return String(value);
  if (Number.isInteger(value) || !Number.isFinite(value)) return String(value);
  if (Math.abs(value) < 1e-4) return value.toExponential(2);
  const digits = Math.abs(value) >= 1 ? { maximumFractionDigits: 3 } : { maximumSignificantDigits: 4 };
  return value.toLocaleString("en-US", { ...digits, useGrouping: false });
}

/** A table with the given columns (`units[i]` under column i's name); missing cells are shown as a dash. */
export function htmlTable(
  columns: string[],
  rows: Row[],
  caption?: string,
  units: (string | undefined)[] = [],
): string {
  const head = columns
    .map((c, i) => {
      const unit = units[i] ? `<br><span class="unit">${escapeHtml(units[i])}</span>` : "";
      return `<th>${escapeHtml(c)}${unit}</th>`;
    })
    .join("");
  const body = rows
    .map((row) => {
      const cells = columns.map((c) => {
        const value = row[c] ?? null;
        const cls = typeof value === "number" ? ' class="num"' : "";
        return `<td${cls}>${escapeHtml(formatValue(value))}</td>`;
      });
      return `<tr>${cells.join("")}</tr>`;
    })
    .join("\n");
  const cap = caption === undefined ? "" : `<caption>${escapeHtml(caption)}</caption>`;
  return `<table>${cap}<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody></table>`;
}

/** Columns in order of first appearance across rows (rows may differ in their keys). */
export function columnsOf(rows: Row[]): string[] {
  return [...new Set(rows.flatMap((r) => Object.keys(r)))];
}
