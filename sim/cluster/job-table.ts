/**
 * Every job of a run in typed arrays (one slot per job, in arrival order): a million jobs cost tens of
 * megabytes and no per-job objects. The engine owns the mutable columns; policies read them.
 */
import { GPU_MILLI, type ClusterJob } from "./scenario/cluster-input.ts";

export const NOT_ARRIVED = 0;
export const QUEUED = 1;
export const RUNNING = 2;
export const FINISHED = 3;
export const FAILED = 4;
/** Dropped because the policy could not place it (fill replays). */
export const UNSCHEDULED = 5;

export class JobTable {
  readonly count: number;
  readonly ids: string[];
  /** Index into the run's sorted workload list; -1 for a placement-only job. */
  readonly workload: Int32Array;
  /** Placement-only jobs: seconds they hold their requests once started (NaN for the others). */
  readonly holdS: Float64Array;
  /**
   * Requests for node-aware policies: CPU (thousandths of a core), host memory (MiB), thousandths of each GPU
   * (a job that states none takes whole GPUs, nothing else), and an index into `models` (-1: any GPU model).
   */
  readonly cpuMilli: Float64Array;
  readonly memoryMib: Float64Array;
  readonly gpuMilli: Int32Array;
  readonly modelSet: Int32Array;
  /** The distinct GPU-model constraints, as sets of canonical model names. */
  readonly models: ReadonlySet<string>[];
  /** 1 for a copy added by workload inflation (not part of the target workload). */
  readonly inflated: Uint8Array;
  /** Node the job runs on when a node-aware policy placed it, else -1. */
  readonly node: Int32Array;
  readonly arrival: Float64Array;
  readonly steps: Float64Array;
  /** GPUs (placement devices) the job needs at once. */
  readonly gpus: Int32Array;
  readonly state: Uint8Array;
  /** 1 while the job is in its start-up phase (one "step" of its workload's start-up profile), then 0. */
  readonly inStartup: Uint8Array;
  /**
   * 1 once the job started on an MPS device beside a co-runner starting too (still in its start-up, or placed at
   * the same instant): it trains by its workload's started-together profile (sim/sharing/started-together.ts).
   */
  readonly startedTogether: Uint8Array;
  /**
   * Steps left of the current phase (start-up: the part of its one step; training: steps), the current rate
   * (steps/s of that phase) and when `remaining` was last brought up to date.
   */
  readonly remaining: Float64Array;
  readonly rate: Float64Array;
  readonly since: Float64Array;
  /** First start, start of training (start-up done), last finish (or failure); NaN until they happen. */
  readonly start: Float64Array;
  readonly trainStart: Float64Array;
  readonly end: Float64Array;
  /** SMs the job may use where it started (its first device): its cap after rounding, else the device's; -1 before. */
  readonly smLimit: Int32Array;
  readonly ooms: Uint16Array;
  /** Set after an out-of-memory when the policy asked for the job to run alone next time. */
  readonly alone: Uint8Array;
  /** Device the job last started on (its first, for a multi-GPU job); -1 before it ever started. */
  readonly device: Int32Array;

  /** `startsUp[w]`: whether a fresh job of workload w has a start-up phase before it trains. */
  constructor(
    jobs: readonly ClusterJob[],
    workloadIndex: ReadonlyMap<string, number>,
    startsUp: readonly boolean[] = [],
  ) {
    const n = jobs.length;
    this.count = n;
    this.ids = new Array<string>(n);
    this.workload = new Int32Array(n);
    this.holdS = new Float64Array(n).fill(NaN);
    this.cpuMilli = new Float64Array(n);
    this.memoryMib = new Float64Array(n);
    this.gpuMilli = new Int32Array(n).fill(GPU_MILLI);
    this.modelSet = new Int32Array(n).fill(-1);
    this.inflated = new Uint8Array(n);
    this.arrival = new Float64Array(n);
    this.steps = new Float64Array(n);
    this.gpus = new Int32Array(n);
    this.inStartup = new Uint8Array(n);
    this.remaining = new Float64Array(n);
    const modelKeys = new Map<string, number>();
    const models: Set<string>[] = [];
    // One plain loop (a million jobs): what every job has, then only what a job states (most generated jobs
    // state none of the node-aware requests).
    for (let j = 0; j < n; j++) {
      const job = jobs[j];
      this.ids[j] = job.id;
      const w = job.workload === undefined ? -1 : (workloadIndex.get(job.workload) ?? -1);
      this.workload[j] = w;
      this.arrival[j] = job.arrivalS;
      this.steps[j] = job.steps;
      this.gpus[j] = job.gpus;
      const startsUpNow = startsUp[w] === true;
      this.inStartup[j] = startsUpNow ? 1 : 0;
      this.remaining[j] = startsUpNow ? 1 : job.steps;
      if (job.holdS !== undefined) this.holdS[j] = job.holdS;
      if (job.inflated) this.inflated[j] = 1;
      if (job.gpuShare !== undefined) this.gpuMilli[j] = Math.round(job.gpuShare * GPU_MILLI);
      const r = job.requests;
      if (r === undefined) continue;
      this.cpuMilli[j] = r.cpuMilli;
      this.memoryMib[j] = r.memoryMib;
      this.gpuMilli[j] = r.gpuMilli;
      if (r.gpuModels === undefined) continue;
      const key = [...r.gpuModels].sort().join("|");
      let at = modelKeys.get(key);
      if (at === undefined) {
        modelKeys.set(key, (at = models.length));
        models.push(new Set(r.gpuModels));
      }
      this.modelSet[j] = at;
    }
    this.models = models;
    this.node = new Int32Array(n).fill(-1);
    this.state = new Uint8Array(n).fill(NOT_ARRIVED);
    this.startedTogether = new Uint8Array(n);
    this.rate = new Float64Array(n);
    this.since = new Float64Array(n);
    this.start = new Float64Array(n).fill(NaN);
    this.trainStart = new Float64Array(n).fill(NaN);
    this.end = new Float64Array(n).fill(NaN);
    this.smLimit = new Int32Array(n).fill(-1);
    this.ooms = new Uint16Array(n);
    this.alone = new Uint8Array(n);
    this.device = new Int32Array(n).fill(-1);
  }
}
