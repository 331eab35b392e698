/**
 * A results folder as one self-contained HTML page: summary tables, every chart as inline SVG (rendered here,
 * so the page needs no script and no network), and a preview of every Arrow table. A Content-Security-Policy
 * forbids any fetch, so a page that would reach outside fails loudly in the browser rather than half-working.
 */
import { tableRows } from "./arrow-rows.ts";
import { flatten } from "./flatten.ts";
import { columnsOf, escapeHtml, htmlTable } from "./html-table.ts";
import type { Chart, NamedTable, Point, Results } from "./results.ts";
import { renderSvg } from "./svg.ts";

/** Rows of each Arrow table shown in the page; the row count says how many there are in all. */
export const PREVIEW_ROWS = 50;
/** A sweep's points get their charts in the page up to this many points; beyond, the page would be too heavy. */
export const POINT_CHARTS_MAX = 20;

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { border-bottom: 1px solid #ddd; margin-top: 2.5rem; }
table { border-collapse: collapse; margin: 0.8rem 0 1.5rem; font-size: 13px; }
caption { text-align: left; white-space: nowrap; font-weight: 600; padding-bottom: 0.3rem; }
th, td { border: 1px solid #ddd; padding: 0.2rem 0.5rem; text-align: left; }
th { background: #f4f4f4; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
figure { margin: 1rem 0 2rem; } figcaption { color: #555; font-size: 13px; }
.note { color: #666; font-size: 13px; }`;

export async function renderReport(results: Results): Promise<string> {
  const title = `${results.kind}: ${results.name}`;
  const sections = [
    summarySection(results),
    await chartsSection(results.charts),
    await pointsSection(results.points),
    tablesSection(results.tables),
  ].filter((s) => s !== "");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
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

function summarySection({ summary }: Results): string {
  if (!summary) return "";
  const flat = flatten(summary);
  const scalars = flat.scalars.map(([key, value]) => ({ field: key, value }));
  const lists = flat.lists.map((l) => htmlTable(columnsOf(l.rows), l.rows, l.name));
  return section("Summary", [htmlTable(["field", "value"], scalars), ...lists]);
}

async function chartsSection(charts: Chart[]): Promise<string> {
  return charts.length === 0 ? "" : section("Charts", await figures(charts, "chart"));
}

/** Each chart as a figure; `prefix` keeps SVG ids unique across the page and names the figure for readers. */
async function figures(charts: Chart[], prefix: string, label = ""): Promise<string[]> {
  const out: string[] = [];
  for (const [i, chart] of charts.entries()) {
    const svg = await renderSvg(chart.spec, `${prefix}${i + 1}`);
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

async function pointsSection(points: Point[]): Promise<string> {
  if (points.length === 0) return "";
  const rows = points.map((p) => ({ point: p.name, ...Object.fromEntries(flatten(p.summary).scalars) }));
  const parts = [htmlTable(columnsOf(rows), rows, `${points.length} points, one row each`)];
  if (points.length > POINT_CHARTS_MAX) {
    parts.push(`<p class="note">Charts of single points are left out above ${POINT_CHARTS_MAX} points.</p>`);
    return section("Points", parts);
  }
  for (const [i, point] of points.entries()) {
    if (point.charts.length === 0) continue;
    parts.push(
      `<h3>${escapeHtml(point.name)}</h3>`,
      ...(await figures(point.charts, `p${i + 1}-chart`, `${point.name}/`)),
    );
  }
  return section("Points", parts);
}

function tablesSection(tables: NamedTable[]): string {
  const parts = tables.map(({ name, table }) => {
    const shown = Math.min(PREVIEW_ROWS, table.numRows);
    const columns = table.schema.fields.map((f) => f.name);
    const caption =
      `${name}.arrow: ${table.numRows} rows × ${columns.length} columns` +
      (shown < table.numRows ? ` (first ${shown} shown)` : "");
    return htmlTable(columns, tableRows(table, shown), caption);
  });
  return tables.length === 0 ? "" : section("Tables", parts);
}

function section(heading: string, parts: string[]): string {
  return `<section>\n<h2>${escapeHtml(heading)}</h2>\n${parts.join("\n")}\n</section>`;
}
