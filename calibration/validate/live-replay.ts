/**
 * Live replays against the simulator. A replay run (mode `replay`, `python -m profiler replay`) ran a
 * scenario's job stream on the GPU and recorded when each job arrived and finished; the cluster simulator
 * runs the same scenario with the calibration set, and each job's completion time (finish minus arrival,
 * queueing and start-up included) is compared. Pure: the caller reads the scenario and the jobs table.
 */
import { FINISHED, FAILED } from "../../sim/cluster/job-table.ts";
import { simulate } from "../../sim/cluster/engine.ts";
import type { ClusterInput } from "../../sim/cluster/scenario/cluster-input.ts";
import type { JobRow } from "../ingest/tables.ts";

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
  /** ok, or oom when the job ran (or is predicted to run) out of memory. */
  predicted_outcome: string;
  measured_outcome: string;
}

/** Simulate `input` (the scenario the replay ran) and line its jobs up with the measured ones by job id. */
export function compareReplay(
  runId: string,
  sharing: string,
  input: ClusterInput,
  measured: readonly JobRow[],
): CompletionComparison[] {
  const { jobs } = simulate(input);
  const index = new Map(jobs.ids.map((id, i) => [id, i]));
  return measured.map((m) => {
    const i = index.get(m.job);
    const predicted = i === undefined || jobs.state[i] !== FINISHED ? null : jobs.end[i] - jobs.arrival[i];
    const measuredS = m.outcome === "ok" && m.finish_s !== null ? m.finish_s - m.arrival_s : null;
    const error =
      predicted === null || measuredS === null ? null : ((predicted - measuredS) / measuredS) * 100;
    const predictedOom = i !== undefined && (jobs.state[i] === FAILED || jobs.ooms[i] > 0);
    return {
      run_id: runId,
      job: m.job,
      workload: m.workload,
      sharing,
      arrival_s: m.arrival_s,
      predicted_s: predicted,
      measured_s: measuredS,
      error_pct: error,
      predicted_outcome: predictedOom ? "oom" : "ok",
      measured_outcome: m.outcome,
    };
  });
}
