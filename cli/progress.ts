/** A progress bar with counts and ETA on a terminal; silent when stderr is not a TTY or output is JSON. */
import cliProgress from "cli-progress";

export interface Progress {
  tick(by?: number): void;
  stop(): void;
}

export function progress(label: string, total: number, opts: { json?: boolean } = {}): Progress {
  if (opts.json || !process.stderr.isTTY) return { tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {value}/{total} {percentage}% | ETA {eta_formatted}`,
      stream: process.stderr,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return { tick: (by = 1) => bar.increment(by), stop: () => bar.stop() };
}
