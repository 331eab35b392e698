/** Run the `colloc` command in a child process without blocking the test worker (tests run concurrently). */
import { execFile } from "node:child_process";

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

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
