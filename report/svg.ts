/** Vega-lite spec -> static SVG, with vega's headless renderer (no browser, no canvas). */
import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";

export type { TopLevelSpec };

/**
 * Render one vega-lite spec (its data inline) to an SVG document string. Vega numbers clip paths and gradients
 * from a process-wide counter, so the ids are renamed `${idPrefix}-1`, `-2`... in order of appearance: the output
 * then depends only on the spec, and several charts can sit in one HTML page without their ids clashing.
 */
export async function renderSvg(spec: TopLevelSpec, idPrefix = "chart"): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: "none" });
  try {
    return renameIds(await view.toSVG(), idPrefix);
  } finally {
    view.finalize();
  }
}

function renameIds(svg: string, prefix: string): string {
  const names = new Map<string, string>();
  for (const [, id] of svg.matchAll(/ id="([^"]+)"/g)) names.set(id, `${prefix}-${names.size + 1}`);
  if (names.size === 0) return svg;
  return svg.replace(/( id="|url\(#|href="#)([^")]+)/g, (whole, lead: string, id: string) =>
    names.has(id) ? lead + names.get(id) : whole,
  );
}
