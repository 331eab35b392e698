/** A run's caveats (sim/cluster/caveats.ts) on stderr: warnings, whatever the output format, each once. */
import { terminalSafe } from "./terminal.ts";

export function writeCaveats(caveats: readonly string[]): void {
  for (const caveat of [...new Set(caveats)].sort())
    process.stderr.write(`caveat: ${terminalSafe(caveat)}\n`);
}
