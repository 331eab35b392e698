/** `colloc ingest RUNS... --out DIR`: profiler run folders -> Arrow IPC tables, one file per table. */
import type { Command } from "commander";
import { findRunFolders } from "../../calibration/ingest/discover.ts";
import { arrowFiles, ingestRuns, type Ingested } from "../../calibration/ingest/ingest.ts";
import { issueError } from "../../calibration/ingest/jsonl.ts";
import { writeFolder } from "../../calibration/ingest/write-folder.ts";
import { progress } from "../progress.ts";
import { formatTable } from "../table.ts";
import type { Register } from "./index.ts";

interface IngestFlags {
  out: string;
  json?: boolean;
  strict?: boolean;
  allowMixedGpus?: boolean;
}

function summary(ingested: Ingested, out: string) {
  return {
    out,
    runs: ingested.reports.length,
    status: Object.fromEntries(
      (["ok", "truncated", "corrupt"] as const).map((s) => [
        s,
        ingested.reports.filter((r) => r.status === s).length,
      ]),
    ),
    tables: Object.fromEntries(Object.entries(ingested.rows).map(([name, rows]) => [name, rows.length])),
    issues: ingested.reports.flatMap((r) =>
      r.issues.map((i) => ({
        run_id: r.run_id,
        run_status: r.status,
        kind: i.kind,
        message: issueError(i).message,
      })),
    ),
  };
}

export const registerIngest: Register = (program: Command) => {
  program
    .command("ingest")
    .description("read profiler run folders, check every record against its schema, write Arrow tables")
    .argument("<runs...>", "run folders, or folders holding run folders")
    .requiredOption("--out <dir>", "folder for the tables (replaced as a whole)")
    .option("--json", "print one JSON summary instead of text")
    .option("--strict", "refuse all input on the first bad line instead of marking its run")
    .option("--allow-mixed-gpus", "accept runs from different GPU models")
    .action((paths: string[], flags: IngestFlags) => {
      const folders = findRunFolders(paths);
      const bar = progress("ingest", folders.length, flags);
      const ingested = ingestRuns(folders, { ...flags, onRun: () => bar.tick() });
      bar.stop();
      writeFolder(flags.out, arrowFiles(ingested.rows));
      const result = summary(ingested, flags.out);
      // A marked run is data kept honest, not a failure: say so on stderr and carry on.
      for (const issue of result.issues) {
        const fate =
          issue.run_status === "corrupt" ? "corrupt, its rows left out" : "truncated, whole lines kept";
        process.stderr.write(`colloc: warning: ${issue.message} (run ${issue.run_id} marked ${fate})\n`);
      }
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(result)}\n`);
        return;
      }
      const rows = ingested.rows.runs.map((r) => [r.run_id, r.mode, r.co_runners, r.status, r.ingest_status]);
      process.stdout.write(formatTable(["run", "mode", "co-runners", "status", "ingest"], rows));
      const counts = Object.entries(result.tables).map(([name, n]) => `${name} ${n}`);
      process.stdout.write(`wrote ${counts.length} tables to ${flags.out} (rows: ${counts.join(", ")})\n`);
    });
};
