/** `colloc ingest RUNS... --out DIR`: profiler run folders -> Arrow IPC tables, one file per table. */
import type { Command } from "commander";
import { findRunFolders } from "../../calibration/ingest/discover.ts";
import { arrowFiles, ingestRuns, isIngestFile, type Ingested } from "../../calibration/ingest/ingest.ts";
import { issueError } from "../../calibration/ingest/jsonl.ts";
import { checkOutFolder, writeFolder } from "../../io/write-folder.ts";
import { InputError } from "../../sim/input-error.ts";
import { LIMITS } from "../../sim/cluster/scenario/limits.ts";
import { interruptible } from "../interrupt.ts";
import { progress } from "../progress.ts";
import { stderrLine } from "../terminal.ts";
import { formatTable } from "../table.ts";
import type { Register } from "./index.ts";

interface IngestFlags {
  out: string;
  json?: boolean;
  strict?: boolean;
  allowMixedGpus?: boolean;
  maxFileMb?: string;
}

/** --max-file-mb as a number within its ceiling (limits.ts `ingest_mb`). */
function maxFileMb(text: string | undefined): number {
  if (text === undefined) return LIMITS.ingest_mb.default;
  const mb = Number(text);
  if (!(mb > 0 && mb <= LIMITS.ingest_mb.max))
    throw new InputError("--max-file-mb", "", `a size in MiB, > 0 and at most ${LIMITS.ingest_mb.max}`, text);
  return mb;
}

/** Line warnings printed per marked run; `--json` lists them all. */
const WARNINGS_PER_RUN = 3;

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
    .option(
      "--max-file-mb <mb>",
      `largest run file to read, MiB (default ${LIMITS.ingest_mb.default}, at most ${LIMITS.ingest_mb.max})`,
    )
    .action(async (paths: string[], flags: IngestFlags) => {
      const folders = findRunFolders(paths);
      const limit = maxFileMb(flags.maxFileMb);
      checkOutFolder(flags.out, isIngestFile);
      const bar = progress("ingest", folders.length, flags);
      const ingested = ingestRuns(folders, { ...flags, maxFileMb: limit, onRun: () => bar.tick() });
      bar.stop();
      await interruptible(() => writeFolder(flags.out, arrowFiles(ingested.rows), isIngestFile));
      const result = summary(ingested, flags.out);
      // A marked run is data kept honest, not a failure: say so on stderr and carry on.
      const warn = (text: string) => stderrLine(`colloc: warning: ${text}`);
      for (const r of ingested.reports) {
        const fate = r.status === "corrupt" ? "corrupt, its rows left out" : "truncated, whole lines kept";
        // A run whose every line is bad would bury the others' warnings: its first few, then a count.
        for (const issue of r.issues.slice(0, WARNINGS_PER_RUN))
          warn(`${issueError(issue).message} (run ${r.run_id} marked ${fate})`);
        const more = r.issues.length - WARNINGS_PER_RUN;
        if (more > 0) warn(`run ${r.run_id}: ${more} more bad lines like these (--json lists every one)`);
      }
      for (const r of ingested.reports) for (const note of r.notes) warn(`run ${r.run_id}: ${note}`);
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
