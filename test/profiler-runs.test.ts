/** The TypeScript side of the run-format contract: every committed profiler run satisfies the schemas. */
import test from "ava";
import { existsSync } from "node:fs";
import { basename } from "node:path";
import { findRunFolders } from "../calibration/ingest/discover.ts";
import { ingestRuns } from "../calibration/ingest/ingest.ts";
import { issueError } from "../calibration/ingest/jsonl.ts";
import { readRun } from "../calibration/ingest/read-run.ts";

const DATASET = "calibration/data/h200-runs";
const folders = existsSync(DATASET) ? findRunFolders([DATASET]) : [];

test("the H200 dataset is committed", (t) => {
  t.true(folders.length > 0, `${DATASET} holds no run folders`);
});

for (const folder of folders) {
  test(`${basename(folder)}: manifest and every line match the schemas`, (t) => {
    const run = readRun(folder);
    const bad = run.issues.filter((i) => i.kind !== "truncated").map((i) => issueError(i).message);
    t.deepEqual(bad, []);
    // A cut-off last line can only come from a run that was killed, and its manifest must say so.
    if (run.status === "truncated") t.not(run.manifest.status, "complete");
  });
}

test("the whole dataset ingests as one GPU with unique run ids", (t) => {
  const { reports } = ingestRuns(folders);
  t.is(reports.length, folders.length);
});
