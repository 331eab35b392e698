/**
 * Per-workload profiles from the runs calibration may fit (never a validation run): solo step time and its
 * spread, GPU busy fraction and memory-boundness from the kernel traces, memory footprint, SM activity and power
 * while alone, the SM curve through the solo run and the single-process MPS-capped runs, the least memory it
 * trained in under a memory cap, and job start-up from replays made for calibration.
 */
import type { WorkloadProfile } from "../../sim/sharing/types.ts";
import type { Dataset } from "../dataset.ts";
import type { MeasuredRun } from "../measured.ts";
import type { FitError } from "../set-schema.ts";
import { memoryBoundFraction } from "./kernel-class.ts";
import { kernelStats } from "./kernel-stats.ts";
import { curveStepTime } from "../../sim/sharing/sm-scaling.ts";
import { fitCurve, type SmPoint } from "./sm-curve.ts";
import { computationKeys } from "./computation.ts";
import { startedTogetherKernels } from "./started-together.ts";
import { fitStartup, type StartupFit, type WorkloadStartup } from "./startup.ts";
import { mean, median } from "./stats.ts";

export interface SmPointRow {
  workload: string;
  sms: number;
  step_time_s: number;
  runs: number;
  fitted_s: number;
}

export interface FittedProfiles {
  profiles: Record<string, WorkloadProfile>;
  smPoints: SmPointRow[];
  fitErrors: Record<string, FitError>;
  runsUsed: string[];
  /** Workloads measured alone that could not be profiled, and why (never filled in with guesses). */
  skipped: { workload: string; reason: string }[];
  /** The solo runs behind each profile (their kernel traces feed sim/replay). */
  soloRuns: Map<string, string[]>;
  /** What the user should know about the fit: runs left out, SM curves that fit badly (never silence). */
  warnings: string[];
}

/** An SM curve that misses its own points by more than this (rms, percent) is reported. */
export const CURVE_WARN_PCT = 5;

const isSolo = (r: MeasuredRun) =>
  r.mode === "exclusive" && r.procs.length === 1 && r.procs[0].smLimit === null && r.memoryCapBytes === null;
const isCappedSolo = (r: MeasuredRun) =>
  r.procs.length === 1 && r.procs[0].smLimit !== null && r.mode === "mps-partitioned";
const trained = (r: MeasuredRun) => r.procs[0]?.stepsPerSecond !== null;
const isMemoryCapped = (r: MeasuredRun) =>
  r.mode === "exclusive" && r.procs.length === 1 && r.memoryCapBytes !== null;

/** The least device memory (NVML's figure, context included) among runs that trained under a memory cap. */
function leastMemory(capped: MeasuredRun[]): number | undefined {
  const bytes = capped.map((r) => r.procs[0].memoryBytes).filter((m): m is number => m !== null);
  return bytes.length === 0 ? undefined : Math.min(...bytes);
}

/** A figure a workload's solo runs lack: that workload is skipped with the message as its reason. */
class MissingFigure extends Error {}

function required(value: number | null | undefined, where: string, field: string, what: string): number {
  if (value === null || value === undefined || !Number.isFinite(value))
    throw new MissingFigure(`${field}: expected ${what} (${where})`);
  return value;
}

/**
 * The GPU a workload is profiled on: of the GPUs (UUIDs) with a kernel-traced solo run of it (else any solo run),
 * the one with the most solo runs, then the most SM-capped runs, then the first UUID. Machines differ in host
 * speed (a launch-bound model ran 15 % apart on two H200s), so one workload's figures come from one machine.
 */
function homeGpu(solo: MeasuredRun[], capped: MeasuredRun[], traced: ReadonlySet<string>): string {
  const count = (rs: MeasuredRun[], uuid: string) => rs.filter((r) => r.gpuUuid === uuid).length;
  const tracedSolo = solo.filter((r) => traced.has(r.runId));
  const uuids = [...new Set((tracedSolo.length > 0 ? tracedSolo : solo).map((r) => r.gpuUuid))].sort();
  const key = (u: string) => [count(solo, u), count(capped, u)];
  return uuids.reduce((best, u) => {
    const [a, b] = [key(u), key(best)];
    return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]) ? u : best;
  });
}

/** Capped runs of the home GPU, and another GPU's only at an SM count the home GPU has none of. */
function cappedOnHome(capped: MeasuredRun[], home: string): { used: MeasuredRun[]; borrowed: MeasuredRun[] } {
  const homeSms = new Set(capped.filter((r) => r.gpuUuid === home).map((r) => r.procs[0].smLimit));
  const borrowed = capped.filter((r) => r.gpuUuid !== home && !homeSms.has(r.procs[0].smLimit));
  return { used: [...capped.filter((r) => r.gpuUuid === home), ...borrowed], borrowed };
}

function smPoints(
  solo: MeasuredRun[],
  capped: MeasuredRun[],
  gpuSms: number,
): { points: SmPoint[]; runs: Map<number, number> } {
  const bySms = new Map<number, number[]>();
  const add = (sms: number, run: MeasuredRun) => {
    const list = bySms.get(sms) ?? [];
    list.push(1 / run.procs[0].stepsPerSecond!);
    bySms.set(sms, list);
  };
  solo.forEach((r) => add(gpuSms, r));
  capped.forEach((r) => add(Math.min(gpuSms, r.procs[0].smLimit!), r));
  const sms = [...bySms.keys()].sort((a, b) => a - b);
  return {
    points: sms.map((n) => ({ sms: n, stepTimeS: mean(bySms.get(n)!) })),
    runs: new Map(sms.map((n) => [n, bySms.get(n)!.length])),
  };
}

/** What the solo runs of one workload say, besides its SM curve. */
function soloFigures(ds: Dataset, id: string, solo: MeasuredRun[], gpuSms: number) {
  const ids = new Set(solo.map((r) => r.runId));
  const where = `in ${ds.dir}, runs ${[...ids].join(", ")}`;
  const stepTimeS = 1 / mean(solo.map((r) => r.procs[0].stepsPerSecond!));
  const dts = ds.steps.filter((s) => ids.has(s.run_id) && s.phase === "measure").map((s) => s.dt_s);
  const dtMean = mean(dts);
  const iterations = ds.iterations.filter((it) => ids.has(it.run_id));
  const busyS = required(
    iterations.length ? median(iterations.map((it) => it.busy_us)) / 1e6 : null,
    where,
    "iterations.busy_us",
    "kernel-traced iterations of a solo run (python -m profiler characterize records them, or run --trace-iters 2)",
  );
  const nvml = solo.map((r) => r.procs[0].memoryBytes).filter((m): m is number => m !== null);
  const viaSamples = solo.map(
    (r) =>
      required(r.memoryUsedBytes, where, "samples.mem_used_bytes", "memory samples") -
      (r.baselineMemoryBytes ?? 0),
  );
  const row = ds.workloads.find((w) => ids.has(w.run_id) && w.workload === id)!;
  const kernels = kernelStats(
    ds.kernels.filter((k) => ids.has(k.run_id)),
    gpuSms,
  );
  return {
    model: row.model,
    batch: row.batch,
    imagesPerEpoch: row.images_per_epoch,
    stepTimeS,
    stepTimeCv: dts.length > 1 ? Math.sqrt(mean(dts.map((d) => (d - dtMean) ** 2))) / dtMean : 0,
    busyFraction: Math.min(1, busyS / stepTimeS),
    memoryBoundFraction: memoryBoundFraction(ds.kernels.filter((k) => ids.has(k.run_id))),
    ...(kernels === undefined ? {} : { kernels }),
    memoryBytes: median(nvml.length === solo.length ? nvml : viaSamples),
    smActivity: required(
      mean(solo.map((r) => r.smActivity ?? NaN)),
      where,
      "samples.gpm_sm_util",
      "SM activity samples (NVML GPM)",
    ),
    dramUtil: required(
      mean(solo.map((r) => r.dramUtil ?? NaN)),
      where,
      "samples.gpm_dram_bw_util",
      "DRAM bandwidth samples (NVML GPM)",
    ),
    powerW: required(mean(solo.map((r) => r.powerW ?? NaN)), where, "samples.power_w", "power samples"),
  };
}

/**
 * A workload busy less than this share of its step alone is launch-bound: its host's launching sets its speed, and
 * that moves between processes on one GPU (docs/calibration.md, check H21c), so its profile wants several solo runs.
 */
export const LAUNCH_BOUND_BUSY = 0.7;
/** Solo runs a launch-bound workload's profile wants (a plan group's `repeats`); calibrate averages them. */
export const LAUNCH_BOUND_SOLOS = 3;

/** The warnings that list workloads: the words before the list and after it. */
const NO_STARTUP = ["no start-up replay of ", " (alone, or of a workload computing the same)"] as const;
const NO_MEMORY_CAP = ["no memory-capped run of ", ": a job of them needs"] as const;
const FEW_SOLOS = [
  `launch-bound workloads (busy under ${LAUNCH_BOUND_BUSY} of their step alone) with fewer than ${LAUNCH_BOUND_SOLOS} solo runs: `,
  ": such a job's solo speed",
] as const;

/**
 * A warning of the fit with `ids` taken out of its list of workloads (undefined when none is left); a warning
 * without a list as it is. `calibrate --base` keeps the base's warnings but not about the workloads it replaces.
 */
export function withoutWorkloads(warning: string, ids: readonly string[]): string | undefined {
  for (const [head, tail] of [NO_STARTUP, NO_MEMORY_CAP, FEW_SOLOS]) {
    const end = warning.indexOf(tail);
    if (!warning.startsWith(head) || end < 0) continue;
    const left = warning
      .slice(head.length, end)
      .split(", ")
      .filter((id) => !ids.includes(id));
    return left.length === 0 ? undefined : head + left.join(", ") + warning.slice(end);
  }
  return warning;
}

/** What the fit lacks and what the simulator assumes instead, one warning per missing part. */
function missingParts(
  noStartup: string[],
  noMemoryCap: string[],
  fewSolos: string[],
  startup: StartupFit | undefined,
): string[] {
  const out: string[] = [];
  if (fewSolos.length > 0)
    out.push(
      `${FEW_SOLOS[0]}${fewSolos.join(", ")}${FEW_SOLOS[1]} moves between processes on one GPU (up to 15 % on an ` +
        "H200, 5-48 % on H100s: docs/calibration.md, check H21c) and each profile holds the draws of its runs; " +
        `a plan group's \`repeats: ${LAUNCH_BOUND_SOLOS}\` records more, which calibrate averages`,
    );
  if (noStartup.length > 0)
    out.push(
      `${NO_STARTUP[0]}${noStartup.join(", ")}${NO_STARTUP[1]}: the simulator gives their jobs no start-up phase ` +
        "(a job trains from its start)",
    );
  if (noMemoryCap.length > 0)
    out.push(
      `${NO_MEMORY_CAP[0]}${noMemoryCap.join(", ")}${NO_MEMORY_CAP[1]} its whole solo footprint (placement and MIG ` +
        "instances assume no less)",
    );
  if (startup?.launch === "warm-workers")
    out.push(
      `start-up fitted on replays with warm workers (${startup.runs.join(", ")}): they leave out a process's own ` +
        "start (interpreter, import torch and timm, CUDA context), so predicted start-ups are shorter than a freshly " +
        "launched job's (python -m profiler replay launches fresh processes by default)",
    );
  if (startup !== undefined && startup.leftOut.length > 0)
    out.push(
      `start-up fitted on fresh-process replays; left out, with warm workers: ${startup.leftOut.join(", ")}`,
    );
  return out;
}

export function fitProfiles(
  ds: Dataset,
  runs: MeasuredRun[],
  gpuName: string,
  gpuSms: number,
): FittedProfiles {
  const fitting = runs.filter((r) => r.usable && !r.validation && trained(r));
  const workloads = [...new Set(fitting.filter(isSolo).map((r) => r.procs[0].workload))].sort();
  const computation = computationKeys(ds);
  const out: FittedProfiles = {
    profiles: {},
    smPoints: [],
    fitErrors: {},
    runsUsed: [],
    skipped: [],
    soloRuns: new Map(),
    warnings: [],
  };
  const startup = fitStartup(ds);
  const together = startedTogetherKernels(ds, gpuSms);
  const traced = new Set(ds.iterations.map((it) => it.run_id));
  /**
   * A workload's start-up, each figure its own where measured, else that of one computing the same (start-up is
   * model build and autotuning); undefined when neither was measured.
   */
  const startupOf = (id: string): WorkloadStartup | undefined => {
    const own = startup.byWorkload.get(id);
    const same = [...startup.byWorkload].find(
      ([other]) => computation.get(other) === computation.get(id),
    )?.[1];
    return own === undefined && same === undefined ? undefined : ({ ...same, ...own } as WorkloadStartup);
  };
  let startupUsed = false;
  const noStartup: string[] = [];
  const noMemoryCap: string[] = [];
  const fewSolos: string[] = [];
  for (const id of workloads) {
    const allSolo = fitting.filter((r) => isSolo(r) && r.procs[0].workload === id);
    const allCapped = fitting.filter(
      (r) => isCappedSolo(r) && computation.get(r.procs[0].workload) === computation.get(id),
    );
    const home = homeGpu(allSolo, allCapped, traced);
    const solo = allSolo.filter((r) => r.gpuUuid === home);
    const { used: capped, borrowed } = cappedOnHome(allCapped, home);
    const elsewhere = allSolo.filter((r) => r.gpuUuid !== home);
    if (elsewhere.length > 0) {
      out.warnings.push(
        `${id}: solo runs on ${new Set(allSolo.map((r) => r.gpuUuid)).size} GPUs; only ${home}'s are fitted ` +
          `(left out: ${elsewhere.map((r) => `${r.runId} on ${r.gpuUuid}`).join(", ")})`,
      );
    }
    if (borrowed.length > 0) {
      out.warnings.push(
        `${id}: SM points from another GPU than its solo runs' ${home}: ` +
          borrowed.map((r) => `${r.runId} on ${r.gpuUuid}`).join(", "),
      );
    }
    const { points, runs: pointRuns } = smPoints(solo, capped, gpuSms);
    const memoryCapped = fitting.filter((r) => isMemoryCapped(r) && r.procs[0].workload === id);
    if (points.length < 2) {
      out.skipped.push({
        workload: id,
        reason:
          "no single-process MPS-capped run of it (or of a workload computing the same) to fit its SM curve: " +
          "`python -m profiler characterize` records them (run ids mps-partitioned__ID__smN)",
      });
      continue;
    }
    let figures: ReturnType<typeof soloFigures>;
    try {
      figures = soloFigures(ds, id, solo, gpuSms);
    } catch (error) {
      if (!(error instanceof MissingFigure)) throw error;
      out.skipped.push({ workload: id, reason: error.message });
      continue;
    }
    const fit = fitCurve(points, gpuSms);
    if (fit.rmsePct > CURVE_WARN_PCT) {
      out.warnings.push(
        `${id}: its SM curve misses its ${points.length} points by ${fit.rmsePct.toFixed(1)} % rms ` +
          `(over ${CURVE_WARN_PCT} %): its SM-capped and MIG predictions are less sure`,
      );
    }
    points.forEach((p) =>
      out.smPoints.push({
        workload: id,
        sms: p.sms,
        step_time_s: p.stepTimeS,
        runs: pointRuns.get(p.sms)!,
        fitted_s: curveStepTime(fit.curve, p.sms),
      }),
    );
    out.fitErrors[`workloads.${id}.smCurve`] = {
      metric: "rmse_pct of step time over the SM points",
      value: fit.rmsePct,
      points: points.length,
    };
    const least = leastMemory(memoryCapped);
    const started = startupOf(id);
    out.profiles[id] = {
      id,
      gpu: gpuName,
      ...figures,
      ...(least === undefined || least >= figures.memoryBytes ? {} : { minMemoryBytes: least }),
      smScaling: { sms: points.map((p) => p.sms), stepTimeS: points.map((p) => p.stepTimeS) },
      smCurve: fit.curve,
      ...started,
      ...(together.has(id) ? { startedTogether: { kernels: together.get(id)! } } : {}),
      transferred: false,
    };
    startupUsed ||= started !== undefined;
    if (started === undefined) noStartup.push(id);
    if (figures.busyFraction < LAUNCH_BOUND_BUSY && solo.length < LAUNCH_BOUND_SOLOS) fewSolos.push(id);
    if (!runs.some((r) => r.usable && !r.validation && isMemoryCapped(r) && r.procs[0].workload === id))
      noMemoryCap.push(id);
    out.soloRuns.set(
      id,
      solo.map((r) => r.runId),
    );
    out.runsUsed.push(...solo.map((r) => r.runId), ...capped.map((r) => r.runId));
    if (least !== undefined) out.runsUsed.push(...memoryCapped.map((r) => r.runId));
  }
  if (startupUsed) out.runsUsed.push(...startup.runs);
  out.warnings.push(...missingParts(noStartup, noMemoryCap, fewSolos, startupUsed ? startup : undefined));
  out.runsUsed = [...new Set(out.runsUsed)].sort();
  return out;
}
