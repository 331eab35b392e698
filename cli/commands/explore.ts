/**
 * `colloc explore [--set NAME] [--runs DIR] [--port N] [--out DIR]`: the interactive page that teaches collocation,
 * with the simulator running in it; served on the loopback interface, or written as a static folder.
 */
import type { Command } from "commander";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { findRunFolders } from "../../calibration/ingest/discover.ts";
import { resolveSetDir } from "../../calibration/set.ts";
import { writeFolder } from "../../io/write-folder.ts";
import { readMeasuredRuns } from "../../explore/build/measured-setups.ts";
import { pageData } from "../../explore/build/page-data.ts";
import { serveFiles } from "../../explore/build/serve.ts";
import { siteFiles } from "../../explore/build/site.ts";
import { UsageError } from "../exit.ts";
import { progress } from "../progress.ts";
import type { Register } from "./index.ts";

export const DEFAULT_PORT = 8017;
const SHIPPED_RUNS = fileURLToPath(new URL("../../calibration/data/h200-runs", import.meta.url));

interface ExploreFlags {
  set: string;
  runs: string | false;
  port?: string;
  out?: string;
}

function portOf(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new UsageError(`--port: expected a port number from 0 to 65535 (0: any free port), got "${text}"`);
  return port;
}

function measured(runs: string | false) {
  if (runs === false) return null;
  const folders = findRunFolders([runs]);
  const bar = progress("reading runs", folders.length);
  try {
    return { folder: runs, measured: readMeasuredRuns(folders, () => bar.tick()) };
  } finally {
    bar.stop();
  }
}

/** Serve until interrupted (Ctrl-C), then close the server and return. */
async function serveUntilStopped(files: Map<string, string>, port: number, setName: string): Promise<void> {
  const serving = await serveFiles(files, port).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE" || error.code === "EACCES")
      throw new UsageError(
        `--port ${port}: cannot listen there (${error.code}); choose another port, or 0 for any free one`,
      );
    throw error;
  });
  process.stdout.write(`colloc explore: ${serving.url} (calibration set ${setName}); Ctrl-C stops it\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      serving.server.close(() => resolve());
      serving.server.closeAllConnections(); // a browser's keep-alive connection would hold the exit for seconds
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}

export const registerExplore: Register = (program: Command) => {
  program
    .command("explore")
    .description(
      "an interactive page that teaches collocation, the simulator running in it: served on 127.0.0.1, or written with --out as a static folder that works from file://",
    )
    .option("--set <name>", "calibration set: a shipped name (h200, a100) or a folder", "h200")
    .option("--runs <dir>", "measured runs to show beside the predictions", SHIPPED_RUNS)
    .option("--no-runs", "show predictions only")
    .option(
      "--port <n>",
      `serve on http://127.0.0.1:N/ (default ${DEFAULT_PORT} without --out; 0: any free port)`,
    )
    .option("--out <dir>", "write the page as a static folder; with --port, serve it too")
    .action(async (flags: ExploreFlags) => {
      const port = flags.port === undefined ? undefined : portOf(flags.port);
      resolveSetDir(flags.set); // a mistyped set is refused before the runs are read (seconds, hundreds of MB)
      const runs = measured(flags.runs);
      const data = pageData(flags.set, runs);
      // Runs of another GPU, or of setups the page cannot equal, show nothing: say so rather than stay silent.
      if (runs !== null && runs.measured.length > 0 && data.measured.length === 0)
        process.stderr.write(
          `warning: none of the ${runs.measured.length} runs in ${runs.folder} is a setup the page shows on ${data.set.gpu.name} (runs of another GPU are left out): the page shows predictions only\n`,
        );
      const files = await siteFiles(data);
      if (flags.out !== undefined) {
        writeFolder(flags.out, files);
        process.stdout.write(
          `${flags.out}: open ${join(flags.out, "index.html")} in a browser (or serve the folder)\n`,
        );
      }
      if (flags.out === undefined || port !== undefined)
        await serveUntilStopped(files, port ?? DEFAULT_PORT, flags.set);
    });
};
