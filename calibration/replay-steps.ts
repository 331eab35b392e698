/**
 * The training steps of live-replay jobs (`python -m profiler replay`), and when each job's first step ended on
 * the replay's clock (seconds since its run's measurement window opened, which is when the replay's clock
 * started): what start-up fits and live-replay validation both read.
 */
import { group } from "d3-array";
import type { RunRow, StepRow } from "./ingest/tables.ts";

/** Job steps (phase `job`) of the runs named, by run id, then process. */
export function replayJobSteps(steps: readonly StepRow[], runIds: ReadonlySet<string>) {
  return group(
    steps.filter((s) => runIds.has(s.run_id) && s.phase === "job"),
    (s) => s.run_id,
    (s) => s.proc,
  );
}

/** When a job's first step ended, in replay seconds; undefined without steps or a recorded window. */
export function firstStepEndS(run: RunRow, own: readonly StepRow[]): number | undefined {
  if (own.length === 0 || run.window_start === null) return undefined;
  return Math.min(...own.map((s) => s.t_end)) - run.window_start;
}
