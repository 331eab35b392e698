/**
 * The sharing models' global parameters for one GPU, fitted on the multi-process runs calibration may use: the
 * naive context-switch overhead, and the MPS interference, kernel wait and memory contention (two rounds of one at a
 * time), each minimising the mean absolute percentage error of per-job throughput over its mode's runs (for MPS the
 * worst FIT_TRIM of the jobs left out: a run the forms cannot represent must not steer what every other job gets);
 * the MPS client memory delta and the idle power are least-squares estimates (closed form) from the runs' memory and
 * power readings. (The start-up wait is fitted in startup.ts, on start-up replays.)
 */
import { loadFactor } from "../../sim/sharing/power.ts";
import type { SharingParams } from "../../sim/sharing/types.ts";
import { survivors, type MeasuredRun } from "../measured.ts";
import { describeMeasured, predictRun } from "../predict.ts";
import type { CalibrationSet, FitError } from "../set-schema.ts";
import { minimize1d } from "./minimize.ts";
import { slopeThroughOrigin } from "./least-squares.ts";
import { absolutePercentErrors, mean, median, trimmedMean } from "./stats.ts";

/** Searched ranges: an overhead of 100% per co-runner, or a 100% kernel slowdown per busy co-runner, is far
 * beyond anything measured on GPUs (nvidia-sharing.md §5: 5-20% for four sharers). */
const MAX_SWITCH_OVERHEAD = 1;
/** A millisecond per launch onto an idle GPU: a whole time slice each, far beyond a context switch (tens of us). */
const MAX_NAIVE_SWITCH_BACK_US = 1000;
const NAIVE_ROUNDS = 2;
const MAX_MPS_INTERFERENCE = 1;
const MPS_ROUNDS = 3;
/** Three mean co-runner kernels per exposed launch: a queue three kernels deep behind every busy co-runner. */
const MAX_MPS_KERNEL_WAIT = 3;
/** Kernels four times as slow beside co-runners that keep the whole GPU's DRAM bandwidth busy. */
const MAX_MPS_MEMORY_CONTENTION = 3;
/**
 * Turn-weight exponents: at 2 a client of large kernels twice as long (or twice the kernel rate) holds four times the
 * share; the activity exponent up to 4 (activities lie between 0.4 and 1, so a^4 spans 0.03 to 1).
 */
const MAX_MPS_WEIGHT_EXPONENT = 2;
const MAX_MPS_ACTIVITY_EXPONENT = 4;
/**
 * The share of jobs, worst first, a throughput fit leaves out of its objective. On the H200 dataset the MPS fit leaves
 * out 23 of 460 jobs, 21 of them in mixes with a ConvNeXt-style model (convnext_atto, convnext_nano,
 * edgenext_x_small: 4 copies of convnext_atto ran at 0.64x one copy alone, which no form here represents); fitted on
 * them, every MPS parameter moved for everyone. Chosen by leave-models-out error on the fitted runs
 * (docs/calibration.md): 0 13.8 %, 0.05 12.9 %, 0.1 13.0 %, 0.2 13.9 %. The time-sliced fit keeps every job: its worst
 * are launch-bound jobs beside GPU-bound ones that want a longer switch-back wait, and set aside they held the wait at
 * 3.5 us against 7.8 (fit N, adopted on check H16, written down before its runs; docs/calibration.md).
 */
const FIT_TRIM = 0.05;

/**
 * Where every fit of the sharing parameters starts: no overhead, contention or wait, equal turns, and the board's
 * power figures from the catalog (the parameters are then fitted one at a time from here).
 */
export function startingSharing(power: { idleW: number; maxW: number }): SharingParams {
  return {
    switchOverhead: 0,
    naiveSwitchBackUs: 0,
    mpsInterference: 0,
    mpsInterferenceSame: 0,
    mpsKernelWait: 0,
    mpsMemoryContention: 0,
    mpsWeightKernel: 0,
    mpsWeightRate: 0,
    mpsWeightActivity: 0,
    startupWait: 0,
    mpsStartupWait: 0,
    mpsClientMemoryDeltaBytes: 0,
    idlePowerW: power.idleW,
    powerLoadExponent: 1,
    maxPowerW: power.maxW,
  };
}

/** Per-job throughput errors (percent) of a set (with `params`) over runs; only jobs that trained are compared. */
function throughputErrors(set: CalibrationSet, runs: MeasuredRun[], params: SharingParams): number[] {
  const predicted: number[] = [];
  const measured: number[] = [];
  for (const run of runs.map(survivors)) {
    const prediction = predictRun(set, describeMeasured(run), params);
    run.procs.forEach((p, i) => {
      if (p.stepsPerSecond === null) return;
      predicted.push(prediction.procs[i].stepsPerSecond);
      measured.push(p.stepsPerSecond);
    });
  }
  return absolutePercentErrors(predicted, measured);
}

const fitsInSet = (set: CalibrationSet) => (r: MeasuredRun) =>
  r.usable &&
  !r.validation &&
  r.procs.length > 1 &&
  r.procs.every((p) => set.workloads[p.workload] !== undefined);

/** A fitting run of one SM-capped process: it works below one solo's worth, where the power load shows most. */
const isCappedSolo = (set: CalibrationSet) => (r: MeasuredRun) =>
  r.usable &&
  !r.validation &&
  r.mode === "mps-partitioned" &&
  r.procs.length === 1 &&
  set.workloads[r.procs[0].workload] !== undefined;

/** What power.ts needs of a run: s_i = each job's speed relative to solo, S = sum s_i, sum s_i P_i. */
function powerRow(set: CalibrationSet, r: MeasuredRun) {
  let load = 0;
  let solo = 0;
  r.procs.forEach((p) => {
    if (p.stepsPerSecond === null) return;
    const profile = set.workloads[p.workload];
    const s = p.stepsPerSecond * profile.stepTimeS;
    load += s;
    solo += s * profile.powerW;
  });
  return { load, solo, powerW: r.powerW! };
}

/**
 * Idle power and the load exponent gamma of power.ts by least squares over runs' power readings. With the load
 * factor f = min(1, S)^(gamma - 1), measured power = idle * (1 - S f) + f sum s_i P_i: for each gamma the idle power is
 * the slope through the origin over the shared runs (as it was before gamma: f = 1 there when S >= 1), and gamma
 * minimises the squared residuals over them and the SM-capped solo runs, where the board works below a solo's worth.
 */
function fitPower(
  set: CalibrationSet,
  shared: MeasuredRun[],
  capped: MeasuredRun[],
): { idleW: number; exponent: number; idleError: FitError; exponentError?: FitError } | undefined {
  const row = (r: MeasuredRun) => powerRow(set, r);
  const sharedRows = shared.filter((r) => r.powerW !== null).map(row);
  const allRows = [...sharedRows, ...capped.filter((r) => r.powerW !== null).map(row)];
  // Each row as measured power - f sum s_i P_i = idle * x, x = 1 - S f: linear in idle for a given gamma.
  const points = (gamma: number, rows: typeof allRows) =>
    rows.map((r) => {
      const f = loadFactor(gamma, r.load);
      return { x: 1 - r.load * f, y: r.powerW - f * r.solo };
    });
  const idleAt = (gamma: number) => {
    const xy = points(gamma, sharedRows).filter((v) => Math.abs(v.x) > 1e-9);
    return xy.length === 0
      ? undefined
      : Math.max(
          0,
          slopeThroughOrigin(
            xy.map((v) => v.x),
            xy.map((v) => v.y),
          ),
        );
  };
  const residuals = (gamma: number, rows: typeof allRows, idleW: number) =>
    points(gamma, rows).map((v) => v.y - idleW * v.x);
  if (idleAt(1) === undefined) return undefined;
  const sse = (gamma: number) => residuals(gamma, allRows, idleAt(gamma)!).reduce((a, e) => a + e * e, 0);
  const belowSolo = allRows.some((r) => r.load > 0 && r.load < 1);
  const exponent = belowSolo ? minimize1d(sse, 0, 1).x : 1;
  const idleW = idleAt(exponent)!;
  const rms = (rows: typeof allRows) => Math.sqrt(mean(residuals(exponent, rows, idleW).map((e) => e * e)));
  return {
    idleW,
    exponent,
    idleError: {
      metric: "rms power residual over shared runs, W",
      value: rms(sharedRows),
      points: sharedRows.length,
    },
    ...(belowSolo
      ? {
          exponentError: {
            metric: "rms power residual over shared and SM-capped solo runs, W",
            value: rms(allRows),
            points: allRows.length,
          },
        }
      : {}),
  };
}

export interface FittedSharing {
  sharing: SharingParams;
  fitErrors: Record<string, FitError>;
  runsUsed: string[];
  /** Throughput parameters no run of their mode fitted: they keep their starting value, 0. */
  unfitted: string[];
}

/** `set` holds the fitted profiles and starting sharing parameters (its maxPowerW is kept). */
export function fitSharingParams(set: CalibrationSet, runs: MeasuredRun[]): FittedSharing {
  const usable = runs.filter(fitsInSet(set));
  const naive = usable.filter((r) => r.mode === "naive");
  const mps = usable.filter((r) => r.mode === "mps" || r.mode === "mps-partitioned");
  const fitErrors: Record<string, FitError> = {};
  const unfitted = new Set<string>();
  let sharing = { ...set.sharing };

  const jobs = (rs: MeasuredRun[]) =>
    rs.flatMap((r) => r.procs).filter((p) => p.stepsPerSecond !== null).length;
  /** One throughput parameter on its mode's runs, searched from 0 to `max` with the others as fitted so far. */
  const fitThroughput = (
    key:
      | "switchOverhead"
      | "naiveSwitchBackUs"
      | "mpsInterference"
      | "mpsInterferenceSame"
      | "mpsKernelWait"
      | "mpsMemoryContention"
      | "mpsWeightKernel"
      | "mpsWeightRate"
      | "mpsWeightActivity",
    modeRuns: MeasuredRun[],
    max: number,
    modeName: string,
    trim: number,
  ) => {
    if (modeRuns.length === 0) {
      unfitted.add(key);
      return;
    }
    const errors = (x: number) => throughputErrors(set, modeRuns, { ...sharing, [key]: x });
    const best = minimize1d((x) => trimmedMean(errors(x), trim), 0, max);
    sharing = { ...sharing, [key]: best.x };
    fitErrors[`sharing.${key}`] = {
      metric: `mape_pct of ${modeName} per-job throughput`,
      value: mean(errors(best.x)),
      points: jobs(modeRuns),
    };
  };
  // The switching cost and the switch back trade off: one at a time, two rounds.
  for (let round = 0; round < NAIVE_ROUNDS; round++) {
    fitThroughput("switchOverhead", naive, MAX_SWITCH_OVERHEAD, "naive", 0);
    fitThroughput("naiveSwitchBackUs", naive, MAX_NAIVE_SWITCH_BACK_US, "naive", 0);
  }
  // The MPS parameters trade off (who wins, and how much everyone slows): one at a time, three rounds.
  for (let round = 0; round < MPS_ROUNDS; round++) {
    fitThroughput("mpsInterference", mps, MAX_MPS_INTERFERENCE, "MPS", FIT_TRIM);
    fitThroughput("mpsInterferenceSame", mps, MAX_MPS_INTERFERENCE, "MPS", FIT_TRIM);
    fitThroughput("mpsWeightKernel", mps, MAX_MPS_WEIGHT_EXPONENT, "MPS", FIT_TRIM);
    fitThroughput("mpsWeightRate", mps, MAX_MPS_WEIGHT_EXPONENT, "MPS", FIT_TRIM);
    fitThroughput("mpsWeightActivity", mps, MAX_MPS_ACTIVITY_EXPONENT, "MPS", FIT_TRIM);
    fitThroughput("mpsKernelWait", mps, MAX_MPS_KERNEL_WAIT, "MPS", FIT_TRIM);
    fitThroughput("mpsMemoryContention", mps, MAX_MPS_MEMORY_CONTENTION, "MPS", FIT_TRIM);
  }

  // Memory of an MPS client beyond its solo footprint: the runs' excess over the sum of footprints, per client.
  const excess = mps
    .filter((r) => r.memoryUsedBytes !== null && r.procs.every((p) => p.outcome === "ok"))
    .map((r) => {
      const solo = r.procs.reduce((s, p) => s + set.workloads[p.workload].memoryBytes, 0);
      return (r.memoryUsedBytes! - set.gpu.baselineMemoryBytes - solo) / r.procs.length;
    });
  if (excess.length > 0) {
    // The median: a run whose reading includes a process left over from an earlier run must not move it.
    const delta = median(excess);
    sharing = { ...sharing, mpsClientMemoryDeltaBytes: delta };
    fitErrors["sharing.mpsClientMemoryDeltaBytes"] = {
      metric: "median absolute deviation of the per-run estimates, bytes",
      value: median(excess.map((e) => Math.abs(e - delta))),
      points: excess.length,
    };
  }

  const power = fitPower(set, [...naive, ...mps], runs.filter(isCappedSolo(set)));
  if (power !== undefined) {
    sharing = { ...sharing, idlePowerW: power.idleW, powerLoadExponent: power.exponent };
    fitErrors["sharing.idlePowerW"] = power.idleError;
    if (power.exponentError) fitErrors["sharing.powerLoadExponent"] = power.exponentError;
  }
  return { sharing, fitErrors, runsUsed: usable.map((r) => r.runId).sort(), unfitted: [...unfitted] };
}
