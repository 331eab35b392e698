/** A small results folder like `colloc run` writes: a summary, one Arrow table and two charts. */
import { tableFromArrays, tableToIPC } from "apache-arrow";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const JOBS = { job: ["j1", "j2", "j3"], mode: ["mps", "mps", "naive"], jct_s: [120.5, 98.25, 301] };

export function writeResultsFolder(dir = mkdtempSync(join(tmpdir(), "colloc-report-"))): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "summary.json"),
    JSON.stringify({
      kind: "simulation",
      scenario: "fixture-3jobs",
      makespan_s: 301,
      mape: { naive: 3.25, mps: 4.5 },
      per_mode: [
        { mode: "mps", jobs: 2 },
        { mode: "naive", jobs: 1 },
      ],
    }),
  );
  writeFileSync(
    join(dir, "jobs.arrow"),
    tableToIPC(tableFromArrays({ ...JOBS, jct_s: Float64Array.from(JOBS.jct_s) }), "file"),
  );
  writeFileSync(
    join(dir, "jct.vl.json"),
    JSON.stringify({
      title: "Job completion time",
      data: { url: "jobs.arrow" },
      mark: "bar",
      encoding: { x: { field: "job", type: "nominal" }, y: { field: "jct_s", type: "quantitative" } },
    }),
  );
  writeFileSync(
    join(dir, "util.vl.json"),
    JSON.stringify({
      data: { values: [0, 10, 20, 30].map((t, i) => ({ t, util: [0.2, 0.9, 0.7, 0.4][i] })) },
      // A clipped mark makes vega emit a clip-path id: two such charts in one page must not share it.
      mark: { type: "line", clip: true },
      encoding: { x: { field: "t", type: "quantitative" }, y: { field: "util", type: "quantitative" } },
    }),
  );
  return dir;
}
