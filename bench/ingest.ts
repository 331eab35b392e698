/**
 * `npm run bench:ingest [RUNS...]`: how long `colloc ingest` takes on the committed H200 dataset (default) or
 * the given run folders: read + schema-check every line, build the rows, encode the Arrow files. Best of 3
 * in-process repeats (the first pays for compiling the schemas). Prints a table, then one JSON line.
 * Target: the whole dataset (~100 runs, a few MB) in a few seconds.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { findRunFolders } from "../calibration/ingest/discover.ts";
import { arrowFiles, ingestRuns } from "../calibration/ingest/ingest.ts";
import { formatTable } from "../cli/table.ts";

const paths = process.argv.slice(2);
const folders = findRunFolders(paths.length > 0 ? paths : ["calibration/data/h200-runs"]);
const inputBytes = folders
  .flatMap((f) => readdirSync(f).map((name) => statSync(join(f, name)).size))
  .reduce((a, b) => a + b, 0);

const repeats = [1, 2, 3].map(() => {
  const t0 = performance.now();
  const { rows } = ingestRuns(folders, { allowMixedGpus: true }); // speed only: any runs will do
  const t1 = performance.now();
  const files = arrowFiles(rows);
  const t2 = performance.now();
  const lines = Object.values(rows).reduce((n, table) => n + table.length, 0);
  const outputBytes = [...files.values()].reduce((n, b) => n + b.byteLength, 0);
  return { readS: (t1 - t0) / 1000, arrowS: (t2 - t1) / 1000, totalS: (t2 - t0) / 1000, lines, outputBytes };
});
const best = repeats.reduce((a, b) => (b.totalS < a.totalS ? b : a));
const result = {
  bench: "ingest",
  runs: folders.length,
  input_mb: inputBytes / 1e6,
  rows: best.lines,
  output_mb: best.outputBytes / 1e6,
  read_and_check_s: best.readS,
  arrow_s: best.arrowS,
  total_s: best.totalS,
  first_total_s: repeats[0].totalS,
};
process.stdout.write(
  formatTable(
    ["runs", "input MB", "rows", "output MB", "read+check s", "arrow s", "total s", "first run s"],
    [
      [
        result.runs,
        result.input_mb,
        result.rows,
        result.output_mb,
        best.readS,
        best.arrowS,
        best.totalS,
        repeats[0].totalS,
      ],
    ],
  ),
);
process.stdout.write(`${JSON.stringify(result)}\n`);
