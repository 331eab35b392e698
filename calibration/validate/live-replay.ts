/**
 * Live replays against the simulator. A replay run (mode `replay`, `python -m profiler replay`) ran a
 * scenario's job stream on the GPU and recorded when each job arrived, when its first step ended and when it
 * finished. Two comparisons, both pure (the caller reads the scenario and the tables):
 * - completion: the cluster simulator runs the same scenario with the calibration set, and each job's
 *   completion time (finish minus arrival: queueing, start-up and training) is compared;
 * - training: the sharing models alone on the stream. Each job enters the simulation when its first step ended
 *   on the GPU (queueing and start-up taken as measured) with its other steps and no start-up, and the time from
 *   there to its finish is compared.
 */
import { FINISHED, FAILED } from "../../sim/cluster/job-table.ts";
import { simulate, withoutStartup, type SimulateOptions } from "../../sim/cluster/engine.ts";
import type { ClusterInput } from "../../sim/cluster/scenario/cluster-input.ts";
import type { JobRow } from "../ingest/tables.ts";
import { errorPct } from "./compare.ts";

export interface CompletionComparison {
  run_id: string;
  job: string;
  workload: string;
  /** The sharing the replay ran under (exclusive, naive, mps, mps-partitioned). */
  sharing: string;
  arrival_s: number;
  /** Seconds from arrival to finish, predicted by the simulator and measured on the GPU; null if it never finished. */
  predicted_s: number | null;
  measured_s: number | null;
  error_pct: number | null;
  /** Seconds from the end of the job's first step to its finish, simulated from that measured start and measured. */
  training_predicted_s: number | null;
  training_measured_s: number | null;
  training_error_pct: number | null;
  /** ok, or oom when the job ran (or is predicted to run) out of memory. */
  predicted_outcome: string;
  measured_outcome: string;
}

/** Seconds from arrival to finish of each finished job of a simulation, by job id. */
function simulatedSpans(
  input: ClusterInput,
  options: SimulateOptions,
): { span: Map<string, number>; oom: Set<string> } {
  const { jobs } = simulate(input, options);
  const span = new Map<string, number>();
  const oom = new Set<string>();
  jobs.ids.forEach((id, i) => {
    if (jobs.state[i] === FINISHED) span.set(id, jobs.end[i] - jobs.arrival[i]);
    if (jobs.state[i] === FAILED || jobs.ooms[i] > 0) oom.add(id);
  });
  return { span, oom };
}

/**
 * The stream as it trained: each job that finished arrives when its first step ended (`firstStepEndS`, seconds
 * since the replay start, by job id) with one step fewer, and none starts up.
 */
function trainingInput(input: ClusterInput, firstStepEndS: ReadonlyMap<string, number>): ClusterInput {
  const jobs = input.jobs
    .filter((j) => firstStepEndS.has(j.id) && j.steps > 1)
    .map((j) => ({ ...j, arrivalS: firstStepEndS.get(j.id)!, steps: j.steps - 1 }))
    .sort((a, b) => a.arrivalS - b.arrivalS || (a.id < b.id ? -1 : 1));
  return { ...withoutStartup(input), jobs };
}

/** Simulate `input` (the scenario the replay ran) both ways and line its jobs up with the measured ones by id. */
export function compareReplay(
  runId: string,
  sharing: string,
  input: ClusterInput,
  measured: readonly JobRow[],
  firstStepEndS: ReadonlyMap<string, number> = new Map(),
  options: SimulateOptions = {},
): CompletionComparison[] {
  const whole = simulatedSpans(input, options);
  const training = simulatedSpans(trainingInput(input, firstStepEndS), options);
  return measured.map((m) => {
    const finished = m.outcome === "ok" && m.finish_s !== null;
    const predicted = whole.span.get(m.job) ?? null;
    const measuredS = finished ? m.finish_s! - m.arrival_s : null;
    const trainedFrom = firstStepEndS.get(m.job);
    const trainingPredicted = training.span.get(m.job) ?? null;
    const trainingMeasured = finished && trainedFrom !== undefined ? m.finish_s! - trainedFrom : null;
    return {
      run_id: runId,
      job: m.job,
      workload: m.workload,
      sharing,
      arrival_s: m.arrival_s,
      predicted_s: predicted,
      measured_s: measuredS,
      error_pct: errorPct(predicted, measuredS),
      training_predicted_s: trainingPredicted,
      training_measured_s: trainingMeasured,
      training_error_pct: errorPct(trainingPredicted, trainingMeasured),
      predicted_outcome: whole.oom.has(m.job) ? "oom" : "ok",
      measured_outcome: m.outcome,
    };
  });
}
