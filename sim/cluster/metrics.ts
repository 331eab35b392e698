/**
 * Metrics of a finished run: per job (wait, start, finish, completion time, start-up and training time, training
 * rate, SMs it could use, slowdown against running alone, epochs per hour) and per run (makespan, throughput, completion-time mean and tail, out-of-memory count,
 * energy, utilization, idle capacity, stranded MIG slices). Definitions: docs/simulator.md.
 */
import { caveats } from "./caveats.ts";
import { mean, quantileSorted } from "d3-array";
import type { RunResult } from "./engine.ts";
import { FAILED, FINISHED, UNSCHEDULED } from "./job-table.ts";
import { FRAG_CLASSES } from "./placement/fragmentation.ts";
import { GPU_MILLI } from "./scenario/cluster-input.ts";

export const OUTCOMES = ["unfinished", "finished", "failed", "unscheduled"] as const;

/** Per-job metrics as columns, one row per job in arrival order. NaN where a job never started or ended. */
export interface JobMetrics {
  waitS: Float64Array;
  completionS: Float64Array;
  /** First start to training start (0 without a start-up phase); NaN for a job that never began training. */
  startupS: Float64Array;
  /** Training start to finish (finished jobs). */
  trainS: Float64Array;
  /**
   * Images per second while training: steps x batch / trainS, which is its rate under each co-runner set it met
   * weighted by the time it spent beside that set (progress is piecewise constant between changes).
   */
  trainImgPerS: Float64Array;
  /** Seconds the job needs alone on a whole GPU of its profile, start-up included. */
  soloS: Float64Array;
  /** Completion time over solo time (1 = as fast as arriving at an idle GPU of its own). */
  slowdown: Float64Array;
  epochs: Float64Array;
  /** Epochs per hour of running (start to finish). */
  epochsPerHour: Float64Array;
  /** Index into OUTCOMES. */
  outcome: Uint8Array;
}

export function jobMetrics(run: RunResult): JobMetrics {
  const { jobs, profiles } = run;
  const n = jobs.count;
  const m: JobMetrics = {
    waitS: new Float64Array(n),
    completionS: new Float64Array(n),
    startupS: new Float64Array(n),
    trainS: new Float64Array(n),
    trainImgPerS: new Float64Array(n),
    soloS: new Float64Array(n),
    slowdown: new Float64Array(n),
    epochs: new Float64Array(n),
    epochsPerHour: new Float64Array(n),
    outcome: new Uint8Array(n),
  };
  for (let j = 0; j < n; j++) {
    const w = jobs.workload[j];
    const finished = jobs.state[j] === FINISHED;
    m.outcome[j] = finished ? 1 : jobs.state[j] === FAILED ? 2 : jobs.state[j] === UNSCHEDULED ? 3 : 0;
    m.waitS[j] = jobs.start[j] - jobs.arrival[j];
    // A placement-only job: its hold time is its solo time; it trains no epochs and no images.
    let images = NaN;
    if (w < 0) {
      m.soloS[j] = jobs.holdS[j];
      m.epochs[j] = 0;
    } else {
      const p = profiles[w];
      images = jobs.steps[j] * p.batch;
      m.soloS[j] = jobs.steps[j] * p.stepTimeS + (p.startupS ?? 0);
      m.epochs[j] = images / p.imagesPerEpoch;
    }
    m.completionS[j] = finished ? jobs.end[j] - jobs.arrival[j] : NaN;
    m.startupS[j] = jobs.trainStart[j] - jobs.start[j];
    m.trainS[j] = finished ? jobs.end[j] - jobs.trainStart[j] : NaN;
    m.trainImgPerS[j] = images / m.trainS[j];
    m.slowdown[j] = m.completionS[j] / m.soloS[j];
    m.epochsPerHour[j] = finished ? m.epochs[j] / ((jobs.end[j] - jobs.start[j]) / 3600) : NaN;
  }
  return m;
}

/** Quantile of ascending values by linear interpolation (d3's, typed arrays welcome). */
export function percentile(sorted: Float64Array, p: number): number {
  return quantileSorted(sorted as unknown as number[], p) as number;
}

export interface Tail {
  mean: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

/** Mean and percentiles (linear interpolation between order statistics) of the finite values. */
export function tail(values: ArrayLike<number>): Tail {
  const finite = Float64Array.from(values).filter(Number.isFinite).sort();
  if (finite.length === 0) return { mean: null, p50: null, p95: null, p99: null };
  return {
    mean: mean(finite as unknown as number[]) as number,
    p50: percentile(finite, 0.5),
    p95: percentile(finite, 0.95),
    p99: percentile(finite, 0.99),
  };
}

const sum = (a: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return s;
};

export interface Summary {
  name: string;
  policy: string;
  seed: number;
  calibration: string;
  gpus: number;
  jobs: { total: number; finished: number; failed: number; unfinished: number };
  makespan_s: number;
  throughput: { jobs_per_hour: number; epochs_per_hour: number };
  completion_s: Tail;
  wait_s: Tail;
  slowdown: Tail;
  /** Over jobs that began training, finished jobs, and jobs that started (SMs after rounding, see JobTable). */
  startup_s: Tail;
  train_s: Tail;
  train_img_per_s: Tail;
  sm_limit: Tail;
  oom: { events: number; jobs: number };
  energy_kwh: number;
  mean_power_w: number;
  /** Time-averaged over GPUs and the run: NVML-style utilization and spatial SM activity. */
  utilization: number;
  sm_activity: number;
  /** Fraction of GPU-time with no job at all, and fraction of SM capacity unused (1 - SM activity). */
  idle_gpu_fraction: number;
  idle_sm_capacity: number;
  /** MIG compute slices in no instance, time-averaged over the run (total, and as a share of MIG GPUs' slices). */
  stranded_mig_slices: { mean: number; fraction: number };
  /** Distinct co-runner sets the sharing model evaluated. */
  sharing_model_calls: number;
  /** The model of MPS co-runners: "fast", "replay" or "blend" (`colloc run --mps-model`). */
  mps_model: string;
  /** Jobs never placed: dropped by a fill replay, or still waiting when the run ended. */
  unscheduled_pods: number;
  /** What the predictions rest on that validation found weaker, per workload (caveats.ts); empty when nothing. */
  caveats: string[];
  /**
   * Node-aware policies (null otherwise), the FGD paper's measures: GPUs with any milli-GPU taken and milli-GPUs
   * taken, as % of the cluster's; fragmented milli-GPUs as % of the idle ones. At the end of a fill replay;
   * time-averaged over a timed one.
   */
  gpu_alloc_pct: number | null;
  gpu_milli_alloc_pct: number | null;
  frag_gpu_milli_pct: number | null;
  placement: PlacementSummary | null;
}

export interface PlacementSummary {
  replay: "timed" | "fill";
  gpu_alloc_pct: number;
  gpu_milli_alloc_pct: number;
  frag_gpu_milli_pct: number;
  /** CPU and host memory taken, as % of the nodes' (nodes that state them). */
  cpu_alloc_pct: number | null;
  memory_alloc_pct: number | null;
  /** Milli-GPUs the arrived jobs asked for, as % of the cluster's (above 100: more than fits). */
  arrived_gpu_milli_pct: number;
  idle_gpu_milli: number;
  frag_gpu_milli: number;
  /** Fragmented milli-GPUs as % of all the cluster's. */
  frag_cluster_pct: number;
  /** Idle milli-GPUs per fragmentation class (the paper's breakdown; frag is all but q3_satisfied). */
  frag_classes: Record<(typeof FRAG_CLASSES)[number], number>;
}

/** The placement figures of a run: the cluster as a fill replay leaves it, time averages over a timed one. */
function placementSummary(run: RunResult): PlacementSummary | null {
  const log = run.placement;
  if (log === undefined) return null;
  const { ledger } = log;
  const fill = run.input.replay === "fill";
  const f = fill
    ? Array.from(log.figures())
    : Array.from(log.integrals, (x) => (run.endS > 0 ? x / run.endS : 0));
  const capacity = ledger.gpuCount * GPU_MILLI;
  const idle = capacity - f[1];
  const pct = (x: number, of: number) => (of > 0 ? (100 * x) / of : 0);
  return {
    replay: run.input.replay,
    gpu_alloc_pct: pct(f[0], ledger.gpuCount),
    gpu_milli_alloc_pct: pct(f[1], capacity),
    frag_gpu_milli_pct: pct(f[4], idle),
    cpu_alloc_pct: ledger.cpuTotal > 0 ? pct(f[2], ledger.cpuTotal) : null,
    memory_alloc_pct: ledger.memoryTotal > 0 ? pct(f[3], ledger.memoryTotal) : null,
    arrived_gpu_milli_pct: pct(log.arrivedMilli, capacity),
    idle_gpu_milli: idle,
    frag_gpu_milli: f[4],
    frag_cluster_pct: pct(f[4], capacity),
    frag_classes: Object.fromEntries(FRAG_CLASSES.map((c, i) => [c, f[5 + i]])) as Record<
      (typeof FRAG_CLASSES)[number],
      number
    >,
  };
}

export function summarize(run: RunResult, m: JobMetrics): Summary {
  const { input, jobs, ledger } = run;
  let finished = 0;
  let failed = 0;
  let lastEnd = 0;
  let epochsDone = 0;
  let oomJobs = 0;
  let oomEvents = 0;
  for (let j = 0; j < jobs.count; j++) {
    if (m.outcome[j] === 1) {
      finished++;
      epochsDone += m.epochs[j];
    }
    if (m.outcome[j] === 2) failed++;
    if (Number.isFinite(jobs.end[j])) lastEnd = Math.max(lastEnd, jobs.end[j]);
    oomEvents += jobs.ooms[j];
    if (jobs.ooms[j] > 0) oomJobs++;
  }
  let unscheduled = 0;
  for (let j = 0; j < jobs.count; j++) if (Number.isNaN(jobs.start[j])) unscheduled++;
  const placement = placementSummary(run);
  const firstArrival = jobs.count > 0 ? jobs.arrival[0] : 0;
  const makespan = Math.max(0, lastEnd - firstArrival);
  const perHour = (x: number) => (makespan > 0 ? x / (makespan / 3600) : 0);
  const gpuTime = ledger.count * run.endS;
  const share = (integral: Float64Array) => (gpuTime > 0 ? sum(integral) / gpuTime : 0);
  const migSlices = run.cluster.migSliceTotal();
  const strandedMean = run.endS > 0 ? sum(ledger.strandedSliceS) / run.endS : 0;
  return {
    name: input.name,
    policy: input.scheduler.policy,
    seed: input.seed,
    calibration: input.calibration.name,
    gpus: input.gpus.length,
    jobs: { total: jobs.count, finished, failed, unfinished: jobs.count - finished - failed },
    makespan_s: makespan,
    throughput: { jobs_per_hour: perHour(finished), epochs_per_hour: perHour(epochsDone) },
    completion_s: tail(m.completionS),
    wait_s: tail(m.waitS),
    slowdown: tail(m.slowdown),
    startup_s: tail(m.startupS),
    train_s: tail(m.trainS),
    train_img_per_s: tail(m.trainImgPerS),
    sm_limit: tail(Float64Array.from(jobs.smLimit, (s) => (s < 0 ? NaN : s))),
    oom: { events: oomEvents, jobs: oomJobs },
    energy_kwh: sum(ledger.energyJ) / 3.6e6,
    mean_power_w: run.endS > 0 ? sum(ledger.energyJ) / run.endS : 0,
    utilization: share(ledger.utilizationS),
    sm_activity: share(ledger.smActivityS),
    idle_gpu_fraction: gpuTime > 0 ? 1 - sum(ledger.busyS) / gpuTime : 0,
    idle_sm_capacity: gpuTime > 0 ? 1 - share(ledger.smActivityS) : 0,
    stranded_mig_slices: {
      mean: strandedMean,
      fraction: migSlices > 0 ? strandedMean / migSlices : 0,
    },
    sharing_model_calls: run.shareCalls,
    mps_model: run.mpsModel,
    unscheduled_pods: unscheduled,
    caveats: caveats(input),
    gpu_alloc_pct: placement?.gpu_alloc_pct ?? null,
    gpu_milli_alloc_pct: placement?.gpu_milli_alloc_pct ?? null,
    frag_gpu_milli_pct: placement?.frag_gpu_milli_pct ?? null,
    placement,
  };
}
