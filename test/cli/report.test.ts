import test from "ava";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { openInBrowser } from "../report/browser.ts";
import { writeResultsFolder } from "../report/fixture.ts";
import { collocSync } from "./colloc.ts";

test("colloc report writes a page whose every chart renders in Chromium", async (t) => {
  const dir = writeResultsFolder();
  const out = join(mkdtempSync(join(tmpdir(), "colloc-cli-")), "r.html");
  const run = collocSync("report", dir, "--out", out);
  t.is(run.status, 0, run.stderr);
  t.is(run.stdout.trim(), out);
  const seen = await openInBrowser(pathToFileURL(out).href);
  t.is(seen.charts.length, 2);
  t.true(seen.charts.every((c) => c.marks > 0 && c.width > 0 && c.height > 0));
  t.deepEqual(seen.errors, []);
});

test("without --out the report lands in the results folder", (t) => {
  const dir = writeResultsFolder();
  t.is(collocSync("report", dir).status, 0);
  t.true(readFileSync(join(dir, "report.html"), "utf8").startsWith("<!doctype html>"));
});

test("--out in a folder not made yet makes it; --out naming a folder exits 2 and leaves no temporary file", (t) => {
  const dir = writeResultsFolder();
  const parent = mkdtempSync(join(tmpdir(), "colloc-cli-"));
  t.is(collocSync("report", dir, "--out", join(parent, "reports", "r.html")).status, 0);
  t.true(readFileSync(join(parent, "reports", "r.html"), "utf8").startsWith("<!doctype html>"));
  const onFolder = collocSync("report", dir, "--out", join(parent, "reports"));
  t.is(onFolder.status, 2);
  t.is(onFolder.stderr, `colloc: ${join(parent, "reports")}: expected a file name (it is a folder)\n`);
  t.deepEqual(readdirSync(parent), ["reports"]);
  t.deepEqual(readdirSync(join(parent, "reports")), ["r.html"]);
});

test("--out replaces an earlier report but refuses any other file, leaving it as it was", (t) => {
  const dir = writeResultsFolder();
  const parent = mkdtempSync(join(tmpdir(), "colloc-cli-"));
  const out = join(parent, "r.html");
  t.is(collocSync("report", dir, "--out", out).status, 0);
  t.is(collocSync("report", dir, "--out", out).status, 0);
  const notes = join(parent, "notes.md");
  writeFileSync(notes, "# my notes\n");
  const onNotes = collocSync("report", dir, "--out", notes);
  t.is(onNotes.status, 2);
  t.is(
    onNotes.stderr,
    `colloc: ${notes}: expected a new file or an earlier report of colloc report (it is another file)\n`,
  );
  t.is(readFileSync(notes, "utf8"), "# my notes\n");
  t.deepEqual(readdirSync(parent).sort(), ["notes.md", "r.html"]);
});

test("an empty --out (an unset variable) exits 2 naming the flag", (t) => {
  const run = collocSync("report", writeResultsFolder(), "--out", "");
  t.is(run.status, 2);
  t.is(run.stderr, 'colloc: --out: expected a file path, got ""\n');
});

test("a missing folder exits 2 with one line naming it, and writes nothing", (t) => {
  const parent = mkdtempSync(join(tmpdir(), "colloc-cli-"));
  const missing = join(parent, "no-such-run");
  const run = collocSync("report", missing, "--out", join(parent, "r.html"));
  t.is(run.status, 2);
  t.is(run.stderr, `colloc: ${missing}: expected a results folder\n`);
  t.false(existsSync(join(parent, "r.html")));
  t.deepEqual(readdirSync(parent), []);
});

test("the report of a real `colloc run` folder draws every chart the run wrote", async (t) => {
  const out = join(mkdtempSync(join(tmpdir(), "colloc-cli-")), "run");
  const run = collocSync("run", "scenarios/examples/replay-mps-3jobs.yaml", "--out", out);
  t.is(run.status, 0, run.stderr);
  t.is(collocSync("report", out).status, 0);
  const specs = readdirSync(out).filter((f) => f.endsWith(".vl.json"));
  const seen = await openInBrowser(pathToFileURL(join(out, "report.html")).href);
  t.is(seen.charts.length, specs.length);
  t.true(specs.length > 0);
  for (const chart of seen.charts) t.true(chart.marks > 0 && chart.width > 0, chart.name);
  t.deepEqual(seen.errors, []);
});
