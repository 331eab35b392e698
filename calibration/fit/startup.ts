/**
 * Job start-up: how much longer a fresh job takes than its steady steps. Fitted from live replays made for
 * calibration (validation false):
 * - alone (sharing exclusive, e.g. scenarios/calibration/startup-h200.yaml): each finished job's time from its
 *   start (process handed the job) to its last step, minus its steps at their median step time. What is left is
 *   model build, CUDA context and the first steps' cuDNN autotuning. Per workload, the median over its jobs; the
 *   GPU's mean NVML utilization from the job's start to the end of its first step (its busy fraction); and the
 *   seconds before its first step was launched (model build);
 * - beside running jobs under time-slicing (sharing naive, e.g. startup-naive-h200.yaml): the naive model's
 *   start-up wait (sim/sharing/naive.ts), the value that makes its start-up durations closest to the measured
 *   ones (mean absolute percentage error), each with the co-runners that were running when it started.
 */
import { group } from "d3-array";
import { share } from "../../sim/sharing/index.ts";
import { startupProfile } from "../../sim/sharing/startup.ts";
import type { CoRunner, WorkloadProfile } from "../../sim/sharing/types.ts";
import type { Dataset } from "../dataset.ts";
import type { JobRow, RunRow, StepRow } from "../ingest/tables.ts";
import type { CalibrationSet, FitError } from "../set-schema.ts";
import { minimize1d } from "./minimize.ts";
import { mape, mean, median } from "./stats.ts";

export interface StartupFit {
  /** Seconds per workload id that had at least one such job. */
  startupS: Map<string, number>;
  /** GPU busy fraction during start-up, per workload id (absent without GPU samples). */
  busyFraction: Map<string, number>;
  /** Seconds from the job's start to its first step's launch (model build), per workload id. */
  buildS: Map<string, number>;
  /** The replay runs the fit used. */
  runs: string[];
}

/** A replay job with what its steps say: its start-up beyond its steady steps, and when its first step ended. */
interface StartedJob {
  run: RunRow;
  job: JobRow;
  extraS: number;
  firstStepEnd: number;
}

/** Fitting replays (not validation, complete) run under `sharing`, and their finished jobs. */
function startedJobs(ds: Dataset, sharing: string): StartedJob[] {
  const runs = ds.runs.filter(
    (r) =>
      r.mode === "replay" &&
      (r.sharing ?? "exclusive") === sharing &&
      !r.validation &&
      r.status === "complete" &&
      r.ingest_status === "ok" &&
      r.window_start !== null,
  );
  const byId = new Map(runs.map((r) => [r.run_id, r]));
  const steps = group(
    ds.steps.filter((s) => byId.has(s.run_id) && s.phase === "job"),
    (s) => s.run_id,
    (s) => s.proc,
  );
  return ds.jobs.flatMap((job) => {
    const run = byId.get(job.run_id);
    if (run === undefined || job.outcome !== "ok" || job.start_s === null || job.finish_s === null) return [];
    const own: StepRow[] = steps.get(job.run_id)?.get(job.proc) ?? [];
    if (own.length < 3) return [];
    const extraS = job.finish_s - job.start_s - own.length * median(own.map((s) => s.dt_s));
    const firstStepEnd = Math.min(...own.map((s) => s.t_end)) - run.window_start!;
    return [{ run, job, extraS: Math.max(0, extraS), firstStepEnd }];
  });
}

export function fitStartup(ds: Dataset): StartupFit {
  const alone = startedJobs(ds, "exclusive");
  const samples = group(ds.samples, (s) => s.run_id);
  const extra = new Map<string, number[]>();
  const busy = new Map<string, number[]>();
  const build = new Map<string, number[]>();
  for (const { run, job, extraS, firstStepEnd } of alone) {
    extra.set(job.workload, [...(extra.get(job.workload) ?? []), extraS]);
    if (job.train_start_s !== null)
      build.set(job.workload, [
        ...(build.get(job.workload) ?? []),
        Math.max(0, job.train_start_s - job.start_s!),
      ]);
    const from = run.window_start! + job.start_s!;
    const to = run.window_start! + firstStepEnd;
    const util = (samples.get(run.run_id) ?? [])
      .filter((s) => s.t >= from && s.t <= to && s.util_gpu !== null)
      .map((s) => s.util_gpu! / 100);
    if (util.length > 0) busy.set(job.workload, [...(busy.get(job.workload) ?? []), mean(util)]);
  }
  const medians = (m: Map<string, number[]>) => new Map([...m].map(([w, xs]) => [w, median(xs)]));
  return {
    startupS: medians(extra),
    busyFraction: medians(busy),
    buildS: medians(build),
    runs: [...new Set(alone.map((s) => s.run.run_id))].sort(),
  };
}

/** Searched range: a start-up five times as long beside one co-runner that holds the whole GPU. */
const MAX_STARTUP_WAIT = 4;

export interface StartupWaitFit {
  startupWait: number;
  fitError: FitError;
  runs: string[];
}

/**
 * The naive start-up wait from fitting replays under time-slicing, with `set`'s fitted profiles; undefined
 * when no such replay has a job that started beside others.
 */
export function fitStartupWait(set: CalibrationSet, ds: Dataset): StartupWaitFit | undefined {
  const jobs = startedJobs(ds, "naive");
  const cases = jobs.flatMap((s) => {
    const own = set.workloads[s.job.workload];
    const phase = own && startupProfile(own, set.sharing.idlePowerW);
    if (phase === undefined) return [];
    // Co-runners when it started: jobs of the same run already started and not finished, each in its phase then.
    const at = s.job.start_s!;
    const others: WorkloadProfile[] = [];
    for (const o of jobs) {
      if (o === s || o.run !== s.run || o.job.start_s! > at || o.job.finish_s! <= at) continue;
      const profile = set.workloads[o.job.workload];
      if (profile === undefined) return [];
      others.push(
        at < o.firstStepEnd ? (startupProfile(profile, set.sharing.idlePowerW) ?? profile) : profile,
      );
    }
    if (others.length === 0) return [];
    const coRunners: CoRunner[] = [phase, ...others].map((profile) => ({ profile }));
    return [{ coRunners, measuredS: s.extraS, runId: s.run.run_id }];
  });
  if (cases.length === 0) return undefined;
  const predicted = (wait: number) =>
    cases.map(
      (c) =>
        1 /
        share(set.gpu, { mode: "naive" }, c.coRunners, { ...set.sharing, startupWait: wait })
          .stepsPerSecond[0],
    );
  const measured = cases.map((c) => c.measuredS);
  const best = minimize1d((wait) => mape(predicted(wait), measured), 0, MAX_STARTUP_WAIT);
  return {
    startupWait: best.x,
    fitError: {
      metric: "mape_pct of start-up seconds beside running jobs, time-sliced",
      value: best.value,
      points: cases.length,
    },
    runs: [...new Set(cases.map((c) => c.runId))].sort(),
  };
}
