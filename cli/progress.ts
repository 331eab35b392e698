/** A progress bar with counts and ETA on a terminal; silent when stderr is not a TTY or output is JSON. */
import cliProgress from "cli-progress";

export interface Progress {
  tick(by?: number): void;
  stop(): void;
}

/** Bars on screen now, for the interrupt handler to close (cli/interrupt.ts). */
const shown = new Set<cliProgress.SingleBar>();

/** Close every bar on screen (the line ends; the terminal is left as it was). */
export function stopBars(): void {
  for (const bar of shown) bar.stop();
  shown.clear();
}

export function progress(label: string, total: number, opts: { json?: boolean } = {}): Progress {
  if (opts.json || !process.stderr.isTTY) return { tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {value}/{total} {percentage}% | ETA {eta_formatted}`,
      stream: process.stderr,
      // The cursor stays visible: a process killed while the bar is up (Ctrl-C in a long synchronous step)
      // must not leave the terminal without one.
      hideCursor: false,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  shown.add(bar);
  return {
    tick: (by = 1) => bar.increment(by),
    stop: () => {
      shown.delete(bar);
      bar.stop();
    },
  };
}
