/**
 * Predicted against measured, for every job and run of a dataset: the figures issue 5 sets targets for
 * (per-job throughput MAPE per mode, utilization and SM activity in points, memory in percent, out-of-memory
 * cases). Used by the accuracy tests on the committed data and by docs/calibration.md's error table.
 */
import { curveStepTime } from "../sim/sharing/sm-scaling.ts";
import { fitAmdahl } from "./fit/sm-curve.ts";
import { coRunnerLabel } from "./ingest/rows.ts";
import { survivors, type MeasuredRun } from "./measured.ts";
import { mean } from "./fit/stats.ts";
import { describeMeasured, predictRun } from "./predict.ts";
import type { CalibrationSet } from "./set-schema.ts";

export interface JobComparison {
  runId: string;
  mode: string;
  workload: string;
  coRunners: string;
  predicted: number;
  measured: number;
  errorPct: number;
}

export interface RunComparison {
  runId: string;
  mode: string;
  utilization: [predicted: number, measured: number | null];
  smActivity: [predicted: number, measured: number | null];
  memoryUsedBytes: [predicted: number, measured: number | null];
  powerW: [predicted: number, measured: number | null];
  oom: [predicted: boolean, measured: boolean];
}

export interface Accuracy {
  jobs: JobComparison[];
  runs: RunComparison[];
  /** Per-job throughput MAPE (percent) per mode. */
  mape: Record<string, number>;
  /** Mean absolute errors: utilization and SM activity in percentage points, memory and power in percent. */
  utilizationPts: number;
  smActivityPts: number;
  memoryPct: number;
  powerPct: number;
  /** Runs left unjudged because the set does not profile one of their workloads (listed in set.skipped). */
  unjudged: string[];
  /** Runs where some process ran out of memory: predicted and measured, missed, falsely predicted. */
  oom: { both: number; missed: number; falseAlarms: number };
}

const PREDICTED_MODES = new Set(["exclusive", "naive", "mps", "mps-partitioned"]);

/** Runs a set can be judged on: whole, in a mode the models cover. */
export function judgeable(run: MeasuredRun): boolean {
  return run.usable && PREDICTED_MODES.has(run.mode);
}

function pairs(
  runs: RunComparison[],
  pick: (r: RunComparison) => [number, number | null],
  scale: (p: number, m: number) => number,
): number {
  const errors = runs
    .map(pick)
    .filter((p): p is [number, number] => p[1] !== null)
    .map(([p, m]) => scale(p, m));
  return mean(errors);
}

export function accuracy(set: CalibrationSet, runs: MeasuredRun[]): Accuracy {
  const jobs: JobComparison[] = [];
  const compared: RunComparison[] = [];
  const skipped = new Set(set.skipped.map((s) => s.workload));
  const unprofiled = (run: MeasuredRun) => run.procs.some((p) => skipped.has(p.workload));
  for (const run of runs.filter((r) => judgeable(r) && !unprofiled(r))) {
    // The model says whether some process must run out of memory (judged on the whole run); rates are judged
    // for the survivors (see survivors()).
    const whole = predictRun(set, describeMeasured(run));
    const trained = survivors(run);
    const measuredOom = trained.procs.length < run.procs.length;
    const prediction = measuredOom ? predictRun(set, describeMeasured(trained)) : whole;
    const coRunners = coRunnerLabel(run.procs.map((p) => p.workload));
    trained.procs.forEach((p, i) => {
      if (p.stepsPerSecond === null) return;
      const predicted = prediction.procs[i].stepsPerSecond;
      jobs.push({
        runId: run.runId,
        mode: run.mode,
        workload: p.workload,
        coRunners,
        predicted,
        measured: p.stepsPerSecond,
        errorPct: (100 * (predicted - p.stepsPerSecond)) / p.stepsPerSecond,
      });
    });
    compared.push({
      runId: run.runId,
      mode: run.mode,
      utilization: [prediction.utilization, run.utilization],
      smActivity: [prediction.smActivity, run.smActivity],
      // Memory is judged where every process kept running (an OOM run's peak depends on when it failed).
      memoryUsedBytes: [prediction.memoryUsedBytes, measuredOom ? null : run.memoryUsedBytes],
      powerW: [prediction.powerW, run.powerW],
      oom: [whole.procs.some((p) => p.oom), measuredOom],
    });
  }
  const modes = [...new Set(jobs.map((j) => j.mode))].sort();
  return {
    jobs,
    runs: compared,
    unjudged: runs.filter((r) => judgeable(r) && unprofiled(r)).map((r) => r.runId),
    mape: Object.fromEntries(
      modes.map((m) => [m, mean(jobs.filter((j) => j.mode === m).map((j) => Math.abs(j.errorPct)))]),
    ),
    utilizationPts: pairs(
      compared,
      (r) => r.utilization,
      (p, m) => 100 * Math.abs(p - m),
    ),
    smActivityPts: pairs(
      compared,
      (r) => r.smActivity,
      (p, m) => 100 * Math.abs(p - m),
    ),
    memoryPct: pairs(
      compared,
      (r) => r.memoryUsedBytes,
      (p, m) => (100 * Math.abs(p - m)) / m,
    ),
    powerPct: pairs(
      compared,
      (r) => r.powerW,
      (p, m) => (100 * Math.abs(p - m)) / m,
    ),
    oom: {
      both: compared.filter((r) => r.oom[0] && r.oom[1]).length,
      missed: compared.filter((r) => !r.oom[0] && r.oom[1]).length,
      falseAlarms: compared.filter((r) => r.oom[0] && !r.oom[1]).length,
    },
  };
}

export interface HeldOutSmPoint {
  workload: string;
  sms: number;
  predictedS: number;
  measuredS: number;
  errorPct: number;
}

/**
 * The single-process MPS-capped (mps-partitioned) runs are all fitted, so their error is judged by leaving each
 * SM point out in turn: refit the workload's curve on the others, predict the dropped point's step time.
 */
export function heldOutSmPoints(set: CalibrationSet): HeldOutSmPoint[] {
  return Object.values(set.workloads).flatMap((profile) => {
    const points = profile.smScaling.sms.map((sms, i) => ({
      sms,
      stepTimeS: profile.smScaling.stepTimeS[i],
    }));
    return points
      .filter((p) => p.sms < set.gpu.sms && points.length >= 4)
      .map((held) => {
        const { curve } = fitAmdahl(
          points.filter((p) => p !== held),
          set.gpu.sms,
        )!;
        const predictedS =
          profile.stepTimeS + curveStepTime(curve, held.sms) - curveStepTime(curve, set.gpu.sms);
        return {
          workload: profile.id,
          sms: held.sms,
          predictedS,
          measuredS: held.stepTimeS,
          errorPct: (100 * (predictedS - held.stepTimeS)) / held.stepTimeS,
        };
      });
  });
}
