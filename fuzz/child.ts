/**
 * A fuzz worker process: runs each case it is sent through the real CLI entry (cli/program.ts's `main`) in this
 * process, so the CLI's modules load once, not once per case; stdout and stderr are captured per case.
 */
import { main } from "../cli/program.ts";

export interface Job {
  id: number;
  argv: string[];
  cwd: string;
}

export interface Done {
  id: number;
  code: number;
  output: string;
  ms: number;
}

let output = "";
let current: Job | undefined;
const capture = (chunk: string | Uint8Array, ...rest: unknown[]) => {
  output += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
  const done = rest.find((r) => typeof r === "function") as (() => void) | undefined;
  done?.();
  return true;
};
process.stdout.write = capture as typeof process.stdout.write;
process.stderr.write = capture as typeof process.stderr.write;

// An exception nobody caught (a worker thread's, a stray callback's) is an internal error of the running case.
for (const event of ["uncaughtException", "unhandledRejection"] as const)
  process.on(event, (error: unknown) => {
    output += `\nUNCAUGHT ${event}: ${error instanceof Error ? error.stack : String(error)}\n`;
  });

process.on("message", async (job: Job) => {
  current = job;
  output = "";
  process.exitCode = undefined;
  process.chdir(job.cwd);
  const start = performance.now();
  let code: number;
  try {
    code = await main(job.argv);
  } catch (error) {
    code = -1;
    output += `\nTHROWN ${error instanceof Error ? error.stack : String(error)}\n`;
  }
  const done: Done = { id: current.id, code, output, ms: performance.now() - start };
  process.exitCode = undefined;
  process.send!(done);
});
process.send!({ ready: true });
