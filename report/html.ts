/**
 * A results folder as one self-contained HTML page: the summary as labelled tables with units, every chart as
 * inline SVG drawn to the page's width (rendered here, so the page needs no script and no network), for a sweep
 * its points, and a preview of every Arrow table. A Content-Security-Policy forbids any fetch, so a page that
 * would reach outside fails loudly in the browser rather than half-working.
 */
import { unitOf } from "../sim/cluster/units.ts";
import { tableRows, type Value } from "./arrow-rows.ts";
import { columnsOf, escapeHtml, htmlTable } from "./html-table.ts";
import type { Chart, NamedTable, Point, Results } from "./results.ts";
import { summaryTables } from "./summary-tables.ts";
import { renderSvg, type TopLevelSpec } from "./svg.ts";

/** Rows of each Arrow table shown in the page; the row count says how many there are in all. */
/** The page `colloc report` writes into a results folder unless told otherwise. */
export const REPORT_FILE = "report.html";

export const PREVIEW_ROWS = 50;
/** A sweep's points get their charts in the page up to this many points; beyond, the page would be too heavy. */
export const POINT_CHARTS_MAX = 20;
/** Width the charts are drawn to, px: the page's text width; a sweep point's charts go two to a row. */
const PAGE_WIDTH = 1088;
const POINT_CHART_WIDTH = 528;

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: ${PAGE_WIDTH}px; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { border-bottom: 1px solid #ddd; margin-top: 2.5rem; }
table { border-collapse: collapse; margin: 0 0 1.2rem; font-size: 13px; }
caption { text-align: left; white-space: nowrap; font-weight: 600; padding-bottom: 0.3rem; }
th, td { border: 1px solid #ddd; padding: 0.2rem 0.5rem; text-align: left; vertical-align: top; white-space: nowrap; }
th { background: #f4f4f4; } th .unit { font-weight: normal; color: #666; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.tables { display: flex; flex-wrap: wrap; gap: 0 2rem; align-items: flex-start; }
.scroll { overflow-x: auto; max-width: 100%; }
figure { margin: 1rem 0 2rem; } figcaption { color: #555; font-size: 13px; }
figure.chart svg { max-width: 100%; height: auto; }
.point-charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(${POINT_CHART_WIDTH}px, 1fr)); gap: 0 1rem; }
.note { color: #666; font-size: 13px; }`;

/** The tag every report carries: `colloc report` replaces a file only if it holds it (an earlier report). */
const GENERATOR = '<meta name="generator" content="colloc report">';

/** Whether `html` is a page `renderReport` wrote (the one kind of file `colloc report --out` may replace). */
export const isReport = (html: string): boolean => html.includes(GENERATOR);

export async function renderReport(results: Results): Promise<string> {
  const title = `${results.kind}: ${results.name}`;
  const sections = [
    summarySection(results),
    await chartsSection(results.charts),
    await pointsSection(results),
    tablesSection(results),
  ].filter((s) => s !== "");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
${GENERATOR}
<title>${escapeHtml(title)}</title>
<style>${STYLE}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="note">Written by <code>colloc report</code>. Charts are static SVG rendered with vega; tables show at
most the first ${PREVIEW_ROWS} rows of each Arrow file of the results folder.</p>
${sections.join("\n")}
</body>
</html>
`;
}

function summarySection({ summary, sweep }: Results): string {
  const tables = summary ? summaryTables(summary) : [];
  if (sweep) {
    const rows = [
      { field: "points", value: sweep.points },
      ...sweep.axes.map((a) => ({ field: `axis ${a.name}`, value: a.values.join(" | ") })),
    ];
    tables.unshift({ caption: "sweep", columns: ["field", "value"], rows });
  }
  if (tables.length === 0) return "";
  // A wide table (rows per run) scrolls inside the page rather than running off it.
  const html = tables.map(
    (t) => `<div class="scroll">${htmlTable(t.columns, t.rows, t.caption || undefined)}</div>`,
  );
  return section("Summary", [`<div class="tables">\n${html.join("\n")}\n</div>`]);
}

/**
 * A single or layered chart drawn to `width` px in all (axes and legend included). Composite charts (facets,
 * concatenations) and square ones (predicted against measured) keep the size they set.
 */
function fitted(spec: TopLevelSpec, width: number): TopLevelSpec {
  const composite = ["facet", "repeat", "concat", "hconcat", "vconcat"].some((k) => k in spec);
  const { width: w, height: h } = spec as { width?: unknown; height?: unknown };
  if (composite || (w !== undefined && w === h)) return spec;
  return { ...spec, width, autosize: { type: "fit-x", contains: "padding" } } as TopLevelSpec;
}

async function chartsSection(charts: Chart[]): Promise<string> {
  return charts.length === 0 ? "" : section("Charts", await figures(charts, "chart", PAGE_WIDTH));
}

/** Each chart as a figure; `prefix` keeps SVG ids unique across the page and names the figure for readers. */
async function figures(charts: Chart[], prefix: string, width: number, label = ""): Promise<string[]> {
  const out: string[] = [];
  for (const [i, chart] of charts.entries()) {
    const svg = await renderSvg(fitted(chart.spec, width), `${prefix}${i + 1}`);
    out.push(
      `<figure class="chart" data-chart="${escapeHtml(label + chart.name)}">\n${svg}\n` +
        `<figcaption>${escapeHtml(label + chartCaption(chart))}</figcaption></figure>`,
    );
  }
  return out;
}

/** The chart's file, and its description when it has one (its title is drawn inside the SVG). */
function chartCaption({ name, spec }: Chart): string {
  const { description } = spec as { description?: string };
  return `${name}.vl.json` + (description ? `: ${description}` : "");
}

/** A table with its columns' units (Arrow field metadata `unit`) under their names. */
function arrowTable({ name, table }: NamedTable, limit: number): string {
  const shown = Math.min(limit, table.numRows);
  const fields = table.schema.fields;
  const caption =
    `${name}.arrow: ${table.numRows} rows × ${fields.length} columns` +
    (shown < table.numRows ? ` (first ${shown} shown)` : "");
  const units = fields.map((f) => f.metadata.get("unit"));
  const html = htmlTable(
    fields.map((f) => f.name),
    tableRows(table, shown),
    caption,
    units,
  );
  return `<div class="scroll">${html}</div>`;
}

async function pointsSection({ points, sweep, tables }: Results): Promise<string> {
  if (points.length === 0) return "";
  // A sweep's index (summary.arrow) has a row per point with its axis values and headline metrics.
  const index = sweep && tables.find((t) => t.name === "summary");
  const parts = [index ? arrowTable(index, points.length) : pointFieldsTable(points)];
  if (points.length > POINT_CHARTS_MAX) {
    parts.push(`<p class="note">Charts of single points are left out above ${POINT_CHARTS_MAX} points.</p>`);
    return section("Points", parts);
  }
  for (const [i, point] of points.entries()) {
    if (point.charts.length === 0) continue;
    const charts = await figures(point.charts, `p${i + 1}-chart`, POINT_CHART_WIDTH, `${point.name}/`);
    parts.push(
      `<h3>${escapeHtml(pointTitle(point))}</h3>`,
      `<div class="point-charts">\n${charts.join("\n")}\n</div>`,
    );
  }
  return section("Points", parts);
}

/** Without an index: a row per point with the top-level scalar fields of its summary. */
function pointFieldsTable(points: Point[]): string {
  const rows = points.map((p) => ({
    point: p.name,
    ...Object.fromEntries(
      Object.entries(p.summary).filter(([, v]) => v === null || typeof v !== "object") as [string, Value][],
    ),
  }));
  const columns = columnsOf(rows);
  const html = htmlTable(columns, rows, `${points.length} points, one row each`, columns.map(unitOf));
  return `<div class="scroll">${html}</div>`;
}

/** A point's heading: its folder, and the scenario it ran when its summary names one. */
function pointTitle(point: Point): string {
  const name = typeof point.summary.name === "string" ? point.summary.name : undefined;
  return name && name !== point.name ? `${point.name} (${name})` : point.name;
}

function tablesSection({ tables, sweep }: Results): string {
  // The sweep index is the Points table already.
  const shown = tables.filter((t) => !(sweep && t.name === "summary"));
  return shown.length === 0
    ? ""
    : section(
        "Tables",
        shown.map((t) => arrowTable(t, PREVIEW_ROWS)),
      );
}

function section(heading: string, parts: string[]): string {
  return `<section>\n<h2>${escapeHtml(heading)}</h2>\n${parts.join("\n")}\n</section>`;
}
