/**
 * The rendered notebook pages (docs/notebooks/*.html, `npm run notebooks:render`) as a reader sees them in
 * Chromium: every chart drawn with its marks, nothing fetched, no errors.
 */
import test from "ava";
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { openInBrowser } from "../report/browser.ts";

const DIR = "docs/notebooks";
const pages = readdirSync(DIR).filter((f) => f.endsWith(".html"));

test("there is a rendered page for every notebook", (t) => {
  const notebooks = readdirSync("notebooks").filter((f) => /^\d\d-.*\.ipynb$/.test(f));
  t.deepEqual(
    pages,
    notebooks.map((f) => f.replace(/\.ipynb$/, ".html")),
  );
});

for (const page of pages) {
  test(`${page}: every chart draws its marks in Chromium`, async (t) => {
    const name = page.replace(/\.html$/, "");
    // The Markdown render of the same run extracts one SVG file per chart output.
    const svgs = readdirSync(join(DIR, `${name}_files`)).filter((f) => f.endsWith(".svg"));
    const seen = await openInBrowser(pathToFileURL(resolve(DIR, page)).href);
    t.is(seen.charts.length, svgs.length);
    t.true(seen.charts.length > 0);
    for (const [i, chart] of seen.charts.entries()) {
      const label = `chart ${i + 1} (${chart.name})`;
      t.true(chart.width > 100 && chart.height > 50, `${label} has a size`);
      t.true(chart.marks > 0, `${label} has data marks`);
      t.true(chart.colouredPixels > 100, `${label} shows its marks: ${chart.colouredPixels} coloured pixels`);
    }
    t.deepEqual(seen.errors, []);
    t.deepEqual(seen.requests, []);
  });
}
