/** Run the `colloc` command in a child process, as a user would. */
import { execFile, spawnSync } from "node:child_process";

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Without blocking the test worker (tests run concurrently). */
export function colloc(...args: string[]): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ["bin/colloc.js", ...args],
      { maxBuffer: 1 << 26 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** Blocking, for tests that run one short command at a time. */
export function collocSync(...args: string[]) {
  return spawnSync(process.execPath, ["bin/colloc.js", ...args], { encoding: "utf8" });
}
