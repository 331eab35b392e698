/**
 * Display helpers for the notebooks (Deno kernel). A chart goes out twice: as a vega-lite spec, which Jupyter
 * draws interactively, and as the static SVG that report/svg.ts renders, which exported HTML, Markdown and a plain
 * repository view show. A table goes out as HTML and as plain text, text as plain text (not console.log).
 *
 * Deno's kernel can report a cell finished before its outputs reach Jupyter, and nbconvert keeps only what
 * arrived by then (the bug ijavascript had, n-riesco/ijavascript#62): about one output in forty went missing in
 * headless runs. Each helper therefore waits a moment after displaying, longer for a larger output (a chart
 * with a few megabytes of inline data lost its output to a fixed 20 ms wait twice running).
 */
import { renderSvg, type TopLevelSpec } from "../report/svg.ts";
import { columnsOf, htmlTable } from "../report/html-table.ts";
import type { Row } from "../report/arrow-rows.ts";
import { formatTable } from "../cli/table.ts";

let charts = 0;

const SETTLE_MS = 20;
/** Extra wait per byte of output: 200 ms a megabyte. */
const SETTLE_MS_PER_BYTE = 2e-4;

async function display(bundle: Record<string, unknown>): Promise<void> {
  await Deno.jupyter.display(bundle, { raw: true });
  const bytes = JSON.stringify(bundle).length;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + bytes * SETTLE_MS_PER_BYTE));
}

/** `spec` is plain vega-lite JSON: notebooks write it as object literals, and vega-lite checks it when compiling. */
export async function showChart(spec: object): Promise<void> {
  charts += 1;
  const svg = await renderSvg(spec as TopLevelSpec, `nb-chart${charts}`);
  // JupyterLab draws this mime type with vega-lite 5; a v6 `$schema` URL would only make it warn.
  const { $schema: _schema, ...v5 } = spec as { $schema?: string };
  await display({ "application/vnd.vegalite.v5+json": v5, "image/svg+xml": svg, "text/plain": "[chart]" });
}

export async function showTable(rows: Row[], caption?: string): Promise<void> {
  const columns = columnsOf(rows);
  await display({
    "text/html": htmlTable(columns, rows, caption),
    "text/plain": formatTable(
      columns,
      rows.map((r) => columns.map((c) => r[c])),
    ),
  });
}

export async function showText(...lines: string[]): Promise<void> {
  await display({ "text/plain": lines.join("\n") });
}
