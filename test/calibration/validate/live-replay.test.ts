import test from "ava";
import { compareReplay } from "../../../calibration/validate/live-replay.ts";
import type { JobRow } from "../../../calibration/ingest/tables.ts";
import { gpus, input, job } from "../../cluster/fixtures.ts";

// One exclusive H200 and the fixture's `small` workload (1 s a step alone): a trains 10 steps from t=0, b
// arrives at 2 s and waits for a, then trains 5 steps, so the simulator has them complete after 10 s and 13 s.
const scenario = input({
  hardware: gpus({ mode: "exclusive" }),
  jobs: { list: [job("a", 0, "small", 10), job("b", 2, "small", 5)] },
  scheduler: { policy: "fifo-exclusive" },
});

const measured = (jobId: string, arrival: number, finish: number | null, outcome = "ok"): JobRow => ({
  run_id: "replay-test",
  job: jobId,
  workload: "small",
  proc: 0,
  arrival_s: arrival,
  start_s: arrival,
  train_start_s: arrival,
  finish_s: finish,
  steps: 10,
  steps_target: 10,
  outcome,
});

test("each job's simulated completion time (queueing included) is compared with finish minus arrival", (t) => {
  const [a, b] = compareReplay("replay-test", "exclusive", scenario, [
    measured("a", 0, 11),
    measured("b", 2, 16),
  ]);
  t.is(a.predicted_s, 10);
  t.is(a.measured_s, 11);
  t.is((a.error_pct as number).toFixed(2), "-9.09");
  t.is(b.predicted_s, 13, "b waits 8 s for a, then trains 5 steps");
  t.is(b.measured_s, 14);
});

test("a job that ran out of memory or is not in the scenario has no error", (t) => {
  const [oom, stranger] = compareReplay("replay-test", "exclusive", scenario, [
    measured("a", 0, 4, "oom"),
    measured("zz", 0, 5),
  ]);
  t.is(oom.measured_s, null);
  t.is(oom.error_pct, null);
  t.is(oom.measured_outcome, "oom");
  t.is(stranger.predicted_s, null);
  t.is(stranger.error_pct, null);
});

test("training time: each job enters the simulation when its first step ended, without start-up", (t) => {
  // a's first step ended at 2 s, b's at 13 s: a then trains 9 more steps (to 11 s), b 4 more (to 17 s).
  const firstStepEnd = new Map([
    ["a", 2],
    ["b", 13],
  ]);
  const [a, b] = compareReplay(
    "replay-test",
    "exclusive",
    scenario,
    [measured("a", 0, 11.9), measured("b", 2, 17)],
    firstStepEnd,
  );
  t.is(a.training_predicted_s, 9);
  t.is((a.training_measured_s as number).toFixed(1), "9.9");
  t.is((a.training_error_pct as number).toFixed(2), "-9.09");
  t.is(b.training_predicted_s, 4);
  t.is(b.training_error_pct, 0);
});
