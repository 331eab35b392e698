/**
 * Job start-up: how much longer a fresh job takes than its steady steps. Fitted from live replays made for
 * calibration (validation false):
 * - alone (sharing exclusive, e.g. scenarios/calibration/startup-h200.yaml): each finished job's time from its
 *   start (process handed the job) to its first step's end, less one step at its median step time. What is left is
 *   model build, CUDA context and the first step's cuDNN autotuning. Per workload, the median over its jobs; the
 *   GPU's mean NVML utilization and GPM SM activity from the job's start to the end of its first step (its busy
 *   fraction, and how much of the SMs its trials keep active); and the seconds before its first step was
 *   launched (model build);
 * - beside other jobs (time-sliced, e.g. startup-naive-busy-h200.yaml; under MPS, with or without SM caps): how
 *   much longer each start-up took than alone on its SMs, against the co-runners' GPU demand over it (their
 *   fraction of the time with kernels to run alone, each in the phase it was in, averaged over the start-up).
 *   Time-sliced the wait is linear in that demand with a slope of each workload's own (its blocking calls and
 *   trials, counted by nothing else we record): least squares through the origin per workload, and one slope
 *   per second of solo start-up for workloads never started beside a busy job; under MPS one slope per second
 *   of autotuning (builds were measured not to wait).
 * A replay's start times are its jobs' launches. Replays that start each job as a fresh process (the default
 * since 2026-12-01, as Slurm or a shell launches jobs) time start-up from the process launch: interpreter,
 * `import torch, timm`, CUDA context, model build, autotuning. Replays with warm workers (earlier ones, and
 * `--warm-workers`) time it from a process that had already imported torch. Where a dataset has fresh-process
 * replays, only those are fitted, so the start-up a simulated job pays is the one a launched job pays.
 */
import { group } from "d3-array";
import { gpuTime, hostTime } from "../../sim/sharing/sm-scaling.ts";
import { startupProfile } from "../../sim/sharing/startup.ts";
import type { SharingParams, WorkloadProfile } from "../../sim/sharing/types.ts";
import type { Dataset } from "../dataset.ts";
import type { JobRow, RunRow } from "../ingest/tables.ts";
import { firstStepEndS, replayJobSteps } from "../replay-steps.ts";
import type { CalibrationSet, FitError } from "../set-schema.ts";
import { computationKeys } from "./computation.ts";
import { slopeThroughOrigin } from "./least-squares.ts";
import { mape, mean, median } from "./stats.ts";
import { notWhole } from "../measured.ts";

/** A workload's start-up, in the profile's own fields (WorkloadProfile), each the median over its jobs. */
export interface WorkloadStartup {
  startupS: number;
  /** GPU busy fraction during start-up (absent without GPU samples). */
  startupBusyFraction?: number;
  /** Mean SM activity (GPM) during start-up (absent without GPM samples). */
  startupSmActivity?: number;
  /** Seconds from the job's start to its first step's launch (model build). */
  startupBuildS?: number;
}

export interface StartupFit {
  /** Per workload id that had at least one such job. */
  byWorkload: Map<string, WorkloadStartup>;
  /** The replay runs the fit used. */
  runs: string[];
  /** How the fitted replays started their jobs (undefined: no fitting replay). */
  launch?: Launch;
  /** Fitting replays left out because fresh-process ones exist (their start-ups lack the process start). */
  leftOut: string[];
}

export type Launch = "fresh-process" | "warm-workers";

/** Replays recorded before the option handed jobs to warm workers. */
const launchOf = (r: RunRow): Launch => (r.launch as Launch | null) ?? "warm-workers";

/** Complete replays calibration may fit; those with fresh processes only, when there are any. */
function fittingReplays(ds: Dataset): { runs: RunRow[]; launch?: Launch; leftOut: RunRow[] } {
  const all = ds.runs.filter(
    (r) => r.mode === "replay" && !r.validation && notWhole(r) === null && r.window_start !== null,
  );
  const launch = all.some((r) => launchOf(r) === "fresh-process")
    ? "fresh-process"
    : all.length
      ? "warm-workers"
      : undefined;
  return {
    runs: all.filter((r) => launchOf(r) === launch),
    launch,
    leftOut: all.filter((r) => launchOf(r) !== launch),
  };
}

/** A replay job with what its steps say: its start-up beyond its steady steps, and when its first step ended. */
interface StartedJob {
  run: RunRow;
  job: JobRow;
  extraS: number;
  firstStepEnd: number;
}

/** Fitting replays (fittingReplays) run under `sharing`, and their finished jobs. */
function startedJobs(ds: Dataset, sharing: string): StartedJob[] {
  const runs = fittingReplays(ds).runs.filter((r) => (r.sharing ?? "exclusive") === sharing);
  const byId = new Map(runs.map((r) => [r.run_id, r]));
  const steps = replayJobSteps(ds.steps, new Set(byId.keys()));
  return ds.jobs.flatMap((job) => {
    const run = byId.get(job.run_id);
    if (run === undefined || job.outcome !== "ok" || job.start_s === null || job.finish_s === null) return [];
    const own = steps.get(job.run_id)?.get(job.proc) ?? [];
    if (own.length < 3) return [];
    const firstStepEnd = firstStepEndS(run, own)!;
    // The first step's end less one steady step: its own pace beside co-runners that come and go is its median.
    const extraS = firstStepEnd - job.start_s - median(own.map((s) => s.dt_s));
    return [{ run, job, extraS: Math.max(0, extraS), firstStepEnd }];
  });
}

export function fitStartup(ds: Dataset): StartupFit {
  const alone = startedJobs(ds, "exclusive");
  const samples = group(ds.samples, (s) => s.run_id);
  const byWorkload = new Map<string, WorkloadStartup>();
  for (const [workload, started] of group(alone, (s) => s.job.workload)) {
    // Mean of a sample field (percent) from the job's start to its first step's end, per job that has samples.
    const during = (field: "util_gpu" | "gpm_sm_util") =>
      started.flatMap(({ run, job, firstStepEnd }) => {
        const from = run.window_start! + job.start_s!;
        const to = run.window_start! + firstStepEnd;
        const values = (samples.get(run.run_id) ?? [])
          .filter((s) => s.t >= from && s.t <= to && s[field] !== null)
          .map((s) => s[field]! / 100);
        return values.length > 0 ? [mean(values)] : [];
      });
    const busy = during("util_gpu");
    const active = during("gpm_sm_util");
    const build = started.flatMap(({ job }) =>
      job.train_start_s === null ? [] : [Math.max(0, job.train_start_s - job.start_s!)],
    );
    byWorkload.set(workload, {
      startupS: median(started.map((s) => s.extraS)),
      ...(busy.length === 0 ? {} : { startupBusyFraction: median(busy) }),
      ...(active.length === 0 ? {} : { startupSmActivity: median(active) }),
      ...(build.length === 0 ? {} : { startupBuildS: median(build) }),
    });
  }
  const { launch, leftOut } = fittingReplays(ds);
  return {
    byWorkload,
    runs: [...new Set(alone.map((s) => s.run.run_id))].sort(),
    launch,
    leftOut: leftOut.map((r) => r.run_id).sort(),
  };
}

/** A start-up needs a co-runner demand of at least this, averaged over it, to tell its own slope. */
const MIN_BUSY_DEMAND = 0.5;

export interface StartupWaitFit {
  sharing: Pick<SharingParams, "startupWait" | "mpsStartupWait">;
  /** Time-sliced start-up wait, s per unit of co-runner demand, of each workload measured beside busy jobs. */
  byWorkload: Map<string, number>;
  fitErrors: Record<string, FitError>;
  runs: string[];
}

/** A job that started beside others: alone on its SMs, measured, and the co-runners' mean demand over it. */
interface SharedStart {
  workload: string;
  runId: string;
  aloneS: number;
  buildS: number;
  measuredS: number;
  demand: number;
}

/** Seconds of a step of `p` alone on `sms` SMs, and the fraction of them its kernels run. */
function alone(p: WorkloadProfile, sms: number): { stepS: number; demand: number } {
  const g = gpuTime(p, sms);
  const stepS = hostTime(p) + g;
  return { stepS, demand: g / stepS };
}

/** Every job of a fitting replay under `sharing` that started while another of its run was running. */
function sharedStarts(set: CalibrationSet, ds: Dataset, sharing: string): SharedStart[] {
  const idle = set.sharing.idlePowerW;
  const phases = (w: string) => {
    const p = set.workloads[w];
    return { training: p, startup: p && startupProfile(p, idle) };
  };
  return [...group(startedJobs(ds, sharing), (s) => s.run.run_id)].flatMap(([runId, started]) => {
    const smsOf = new Map(
      ds.procs.filter((p) => p.run_id === runId).map((p) => [p.proc, p.sm_count_seen ?? set.gpu.sms]),
    );
    // Each job's phases on the replay clock with the demand it puts on the GPU in each (a workload without a
    // measured start-up trains from its start).
    const spans = started.flatMap((s) => {
      const { training, startup } = phases(s.job.workload);
      if (training === undefined) return [];
      const sms = smsOf.get(s.job.proc) ?? set.gpu.sms;
      const trainFrom = startup === undefined ? s.job.start_s! : s.firstStepEnd;
      const train = { s, from: trainFrom, to: s.job.finish_s!, ...alone(training, sms), startup: undefined };
      if (startup === undefined) return [train];
      return [{ s, from: s.job.start_s!, to: s.firstStepEnd, ...alone(startup, sms), startup }, train];
    });
    return spans.flatMap((own) => {
      if (own.startup === undefined || own.to <= own.from) return [];
      let busy = 0;
      for (const other of spans) {
        if (other.s === own.s) continue;
        busy += other.demand * Math.max(0, Math.min(own.to, other.to) - Math.max(own.from, other.from));
      }
      if (busy === 0) return [];
      return [
        {
          workload: own.s.job.workload,
          runId,
          aloneS: own.stepS,
          buildS: own.startup.startupPhase!.buildS,
          measuredS: own.s.extraS,
          demand: busy / (own.to - own.from),
        },
      ];
    });
  });
}

/** Least-squares slope through the origin of y on x, at least 0 (a wait). */
const waitSlope = (x: number[], y: number[]) => Math.max(0, slopeThroughOrigin(x, y));

/**
 * The start-up waits from fitting replays with shared start-ups, with `set`'s profiles: time-sliced, each
 * workload's slope where it started beside busy jobs and the slope per solo second for the others; under MPS
 * (capped or not), the slope per second of autotuning. A wait no replay informs stays 0.
 */
export function fitStartupWaits(set: CalibrationSet, ds: Dataset): StartupWaitFit {
  const naive = sharedStarts(set, ds, "naive");
  const mps = [...sharedStarts(set, ds, "mps"), ...sharedStarts(set, ds, "mps-partitioned")];
  const extra = (c: SharedStart) => c.measuredS - c.aloneS;
  // Workloads computing the same thing share their slope, as they share their solo start-up.
  const keys = computationKeys(ds);
  const key = (id: string) => keys.get(id) ?? id;
  const byWorkload = new Map<string, number>();
  for (const [computation, cases] of group(naive, (c) => key(c.workload))) {
    if (!cases.some((c) => c.demand >= MIN_BUSY_DEMAND)) continue;
    const wait = waitSlope(
      cases.map((c) => c.demand),
      cases.map(extra),
    );
    for (const id of Object.keys(set.workloads)) if (key(id) === computation) byWorkload.set(id, wait);
  }
  const startupWait = waitSlope(
    naive.map((c) => c.demand * c.aloneS),
    naive.map(extra),
  );
  const mpsStartupWait = waitSlope(
    mps.map((c) => c.demand * (c.aloneS - c.buildS)),
    mps.map(extra),
  );
  const naiveWait = (c: SharedStart) => byWorkload.get(c.workload) ?? startupWait * c.aloneS;
  const error = (cases: SharedStart[], wait: (c: SharedStart) => number, what: string): FitError => ({
    metric: `mape_pct of start-up seconds beside other jobs, ${what}`,
    value: mape(
      cases.map((c) => c.aloneS + c.demand * wait(c)),
      cases.map((c) => c.measuredS),
    ),
    points: cases.length,
  });
  const fitErrors: Record<string, FitError> = {};
  if (naive.length > 0) fitErrors["sharing.startupWait"] = error(naive, naiveWait, "time-sliced");
  if (mps.length > 0)
    fitErrors["sharing.mpsStartupWait"] = error(mps, (c) => mpsStartupWait * (c.aloneS - c.buildS), "MPS");
  return {
    sharing: { startupWait, mpsStartupWait },
    byWorkload,
    fitErrors,
    runs: [...new Set([...naive, ...mps].map((c) => c.runId))].sort(),
  };
}
