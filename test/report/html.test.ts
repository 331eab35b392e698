import test from "ava";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { renderReport } from "../../report/html.ts";
import { readResults } from "../../report/results.ts";
import { openInBrowser } from "./browser.ts";
import { JOBS, writeResultsFolder } from "./fixture.ts";

async function reportOf(dir: string): Promise<string> {
  return renderReport(readResults(dir));
}

test("every chart of a results folder renders in Chromium, with no errors and no network", async (t) => {
  const html = await reportOf(writeResultsFolder());
  const file = join(mkdtempSync(join(tmpdir(), "colloc-html-")), "report.html");
  writeFileSync(file, html);
  const seen = await openInBrowser(pathToFileURL(file).href);
  t.deepEqual(
    seen.charts.map((c) => c.name),
    ["jct", "util"],
  );
  for (const chart of seen.charts) {
    t.true(chart.width > 0 && chart.height > 0, `${chart.name} has a size`);
  }
  // One bar per job; the utilization line is one path.
  t.is(seen.charts[0].marks, JOBS.job.length);
  t.is(seen.charts[1].marks, 1);
  t.deepEqual(seen.errors, []);
  t.deepEqual(seen.requests, []);
});

test("the page holds the summary as labelled tables with units, and the Arrow rows", async (t) => {
  const html = await reportOf(writeResultsFolder());
  t.true(html.includes("<title>simulation: "));
  t.regex(html, /<td>makespan<\/td><td class="num">301<\/td><td>s \(5\.0 min\)<\/td>/);
  t.regex(html, /<caption>mape<\/caption>.*<td>mps<\/td><td class="num">4\.5<\/td><td>%<\/td>/s);
  t.regex(html, /<caption>per mode<\/caption>/);
  t.regex(html, /jobs\.arrow: 3 rows × 3 columns/);
  for (const job of JOBS.job) t.true(html.includes(`<td>${job}</td>`));
  t.false(/(src|href)="https?:/.test(html), "no external URLs");
});

test("the same folder gives a byte-identical report", async (t) => {
  const dir = writeResultsFolder();
  t.is(await reportOf(dir), await reportOf(dir));
});

test("a sweep folder lists one row per point and shows each point's charts", async (t) => {
  const root = mkdtempSync(join(tmpdir(), "colloc-sweep-"));
  writeResultsFolder(join(root, "point-a"));
  writeResultsFolder(join(root, "shard-1", "point-b"));
  const results = readResults(root);
  t.is(results.kind, "sweep");
  const html = await renderReport(results);
  t.regex(html, /2 points, one row each/);
  t.true(html.includes("<td>point-a</td>"));
  t.true(html.includes(`<td>${join("shard-1", "point-b")}</td>`));
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  t.true(ids.length > 0);
  t.is(new Set(ids).size, ids.length, "SVG ids are unique in the page");
  const file = join(root, "report.html");
  writeFileSync(file, html);
  const seen = await openInBrowser(pathToFileURL(file).href);
  // Two charts per point, each drawn with its marks although the two points' charts are the same specs.
  t.deepEqual(
    seen.charts.map((c) => [c.name, c.marks]),
    ["point-a", join("shard-1", "point-b")].flatMap((p) => [
      [`${p}/jct`, JOBS.job.length],
      [`${p}/util`, 1],
    ]),
  );
  t.deepEqual(seen.errors, []);
});

test("text from the results is escaped, not interpreted as HTML", async (t) => {
  const dir = writeResultsFolder();
  writeFileSync(join(dir, "summary.json"), JSON.stringify({ scenario: "<script>alert(1)</script>" }));
  const html = await reportOf(dir);
  t.false(html.includes("<script>"));
  t.true(html.includes("&lt;script&gt;"));
});
