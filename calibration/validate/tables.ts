/**
 * The Arrow tables `colloc validate` writes: one row per job (jobs.arrow) and one per run (runs.arrow), each
 * with what the calibration set predicted, what the run measured, and the error. Rates and GPU-level figures are
 * predicted for the processes that ran (see compare.ts); out of memory is predicted for the whole run.
 */
import { optional as opt, required as req, type RowOf, type TableSpec } from "../ingest/arrow-table.ts";

const common = {
  run_id: req("utf8", "run id"),
  mode: req("utf8", "sharing mode the run is predicted with (mps runs with SM caps are mps-partitioned)"),
  co_runners: req("utf8", "the run's workloads, sorted, ' + '-joined, 'xN' for N copies"),
  validation: req("bool", "the run belongs to the validation subset (the profiler marked it)"),
  fitted: req("bool", "the calibration set's fit used this run (its provenance lists it)"),
} satisfies TableSpec;

export const JOB_COMPARISON = {
  ...common,
  proc: req("i32", "process index within the run"),
  workload: req("utf8", "workload id"),
  measured_img_s: opt("f64", "measured throughput, images per second (null when the process did not train)"),
  predicted_img_s: opt(
    "f64",
    "predicted throughput, images per second, with the run's measured survivors as co-runners (null when the " +
      "process ran out of memory, 0 when predicted to among the survivors)",
  ),
  error_pct: opt("f64", "(predicted - measured) / measured x 100; null when either side ran out of memory"),
  measured_oom: req("bool", "the process ran out of memory"),
  predicted_oom: req(
    "bool",
    "the model, given the whole run, says it runs out of memory; copies of one workload are interchangeable, " +
      "so predicted survivors are paired with measured survivors first",
  ),
} satisfies TableSpec;

/** Leave-models-out predictions: a job row of a run predicted with the sharing parameters fitted without a family. */
export const UNSEEN_COMPARISON = {
  ...JOB_COMPARISON,
  family: req("utf8", "the model family held out of the fit when the run was predicted"),
  fresh_processes: req(
    "bool",
    "every process was fresh (autotuned in this run); false: reused workers or unknown",
  ),
} satisfies TableSpec;

export const RUN_COMPARISON = {
  ...common,
  measured_utilization_pct: opt("f64", "mean NVML GPU utilization in the measurement window, percent"),
  predicted_utilization_pct: req("f64", "predicted GPU utilization, percent"),
  utilization_error_pp: opt("f64", "predicted - measured utilization, percentage points"),
  measured_sm_activity_pct: opt("f64", "mean GPM SM activity in the window, percent"),
  predicted_sm_activity_pct: req("f64", "predicted SM activity, percent"),
  sm_activity_error_pp: opt("f64", "predicted - measured SM activity, percentage points"),
  measured_memory_bytes: opt("i64", "peak device memory used in the window, bytes"),
  predicted_memory_bytes: req(
    "i64",
    "predicted device memory used (the GPU's idle baseline included), bytes",
  ),
  memory_error_pct: opt(
    "f64",
    "(predicted - measured) / measured memory x 100; null when some process ran out of memory (the peak " +
      "then depends on when it failed)",
  ),
  measured_power_w: opt("f64", "mean board power in the window, watts"),
  predicted_power_w: req("f64", "predicted board power, watts"),
  power_error_pct: opt("f64", "(predicted - measured) / measured power x 100"),
  measured_oom: req("bool", "some process of the run ran out of memory"),
  predicted_oom: req("bool", "the model, given the whole run, says some process runs out of memory"),
  measured_oom_procs: req("i32", "processes that ran out of memory"),
  predicted_oom_procs: req("i32", "processes predicted to run out of memory"),
} satisfies TableSpec;

export type JobComparison = RowOf<typeof JOB_COMPARISON>;
export type RunComparison = RowOf<typeof RUN_COMPARISON>;

/** completions.arrow: one row per job of each live replay (live-replay.ts). */
export const COMPLETION_COMPARISON = {
  run_id: req("utf8", "replay run id (the scenario's name)"),
  job: req("utf8", "scenario job id"),
  workload: req("utf8", "workload id"),
  sharing: req("utf8", "sharing the replay ran under: exclusive, naive, mps or mps-partitioned"),
  arrival_s: req("f64", "arrival, seconds since the replay start"),
  predicted_s: opt("f64", "simulated completion time (finish - arrival), seconds; null if it never finished"),
  measured_s: opt("f64", "measured completion time (finish - arrival), seconds; null if it did not finish"),
  error_pct: opt("f64", "(predicted - measured) / measured x 100"),
  training_predicted_s: opt(
    "f64",
    "simulated time from the end of the job's first step to its finish, every job entering when its first step ended",
  ),
  training_measured_s: opt(
    "f64",
    "measured time from the end of the job's first step to its finish, seconds",
  ),
  training_error_pct: opt("f64", "(training_predicted_s - training_measured_s) / training_measured_s x 100"),
  predicted_outcome: req("utf8", "ok, or oom when the simulator has the job run out of memory"),
  measured_outcome: req("utf8", "ok, oom, error or killed"),
} satisfies TableSpec;
