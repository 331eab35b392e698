/**
 * Ctrl-C (SIGINT) and SIGTERM while a command writes its output: stop what runs (`stop`, e.g. worker
 * threads), remove the temporary folders being filled, close progress bars, say what was left and exit with
 * 128 + the signal's number. Only while `work` runs: elsewhere the signal keeps its default (the process ends
 * at once, even inside a long synchronous simulation, and has nothing to clean up).
 */
import { discardStaging } from "../io/write-folder.ts";
import { stopBars } from "./progress.ts";
import { terminalSafe } from "./terminal.ts";

const SIGNALS = { SIGINT: 2, SIGTERM: 15 } as const;

export async function interruptible<T>(
  work: () => T | Promise<T>,
  stop: () => Promise<void> = async () => {},
) {
  const handlers = Object.entries(SIGNALS).map(([signal, number]) => {
    const handler = () => {
      void stop()
        .catch(() => undefined)
        .then(() => {
          stopBars();
          const removed = discardStaging();
          const left =
            removed.length === 0 ? "nothing half-written was left" : `removed ${removed.join(", ")}`;
          process.stderr.write(
            terminalSafe(`colloc: interrupted (${signal}): ${left}; earlier outputs are as they were\n`),
          );
          process.exit(128 + number);
        });
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  try {
    return await work();
  } finally {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  }
}
