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
import type { JobRow, RunRow } from "../ingest/tables.ts";
import { firstStepEndS, replayJobSteps } from "../replay-steps.ts";
import type { CalibrationSet, FitError } from "../set-schema.ts";
import { minimize1d } from "./minimize.ts";
import { mape, mean, median } from "./stats.ts";

/** A workload's start-up, in the profile's own fields (WorkloadProfile), each the median over its jobs. */
export interface WorkloadStartup {
  startupS: number;
  /** GPU busy fraction during start-up (absent without GPU samples). */
  startupBusyFraction?: number;
  /** Seconds from the job's start to its first step's launch (model build). */
  startupBuildS?: number;
}

export interface StartupFit {
  /** Per workload id that had at least one such job. */
  byWorkload: Map<string, WorkloadStartup>;
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
  const steps = replayJobSteps(ds.steps, new Set(byId.keys()));
  return ds.jobs.flatMap((job) => {
    const run = byId.get(job.run_id);
    if (run === undefined || job.outcome !== "ok" || job.start_s === null || job.finish_s === null) return [];
    const own = steps.get(job.run_id)?.get(job.proc) ?? [];
    if (own.length < 3) return [];
    const extraS = job.finish_s - job.start_s - own.length * median(own.map((s) => s.dt_s));
    return [{ run, job, extraS: Math.max(0, extraS), firstStepEnd: firstStepEndS(run, own)! }];
  });
}

export function fitStartup(ds: Dataset): StartupFit {
  const alone = startedJobs(ds, "exclusive");
  const samples = group(ds.samples, (s) => s.run_id);
  const byWorkload = new Map<string, WorkloadStartup>();
  for (const [workload, started] of group(alone, (s) => s.job.workload)) {
    const busy = started.flatMap(({ run, job, firstStepEnd }) => {
      const from = run.window_start! + job.start_s!;
      const to = run.window_start! + firstStepEnd;
      const util = (samples.get(run.run_id) ?? [])
        .filter((s) => s.t >= from && s.t <= to && s.util_gpu !== null)
        .map((s) => s.util_gpu! / 100);
      return util.length > 0 ? [mean(util)] : [];
    });
    const build = started.flatMap(({ job }) =>
      job.train_start_s === null ? [] : [Math.max(0, job.train_start_s - job.start_s!)],
    );
    byWorkload.set(workload, {
      startupS: median(started.map((s) => s.extraS)),
      ...(busy.length === 0 ? {} : { startupBusyFraction: median(busy) }),
      ...(build.length === 0 ? {} : { startupBuildS: median(build) }),
    });
  }
  return { byWorkload, runs: [...new Set(alone.map((s) => s.run.run_id))].sort() };
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
