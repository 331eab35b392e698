/**
 * Every job of a run in typed arrays (one slot per job, in arrival order): a million jobs cost tens of
 * megabytes and no per-job objects. The engine owns the mutable columns; policies read them.
 */
import type { ClusterJob } from "./scenario/cluster-input.ts";

export const NOT_ARRIVED = 0;
export const QUEUED = 1;
export const RUNNING = 2;
export const FINISHED = 3;
export const FAILED = 4;

export class JobTable {
  readonly count: number;
  readonly ids: string[];
  /** Index into the run's sorted workload list. */
  readonly workload: Int32Array;
  readonly arrival: Float64Array;
  readonly steps: Float64Array;
  /** GPUs (placement devices) the job needs at once. */
  readonly gpus: Int32Array;
  readonly state: Uint8Array;
  /**
   * Steps left (start-up included, as the steps it is worth at the job's solo pace), the current rate (steps/s)
   * and when `remaining` was last brought up to date.
   */
  readonly remaining: Float64Array;
  readonly rate: Float64Array;
  readonly since: Float64Array;
  /** First start, last finish (or failure); NaN until they happen. */
  readonly start: Float64Array;
  readonly end: Float64Array;
  readonly ooms: Uint16Array;
  /** Set after an out-of-memory when the policy asked for the job to run alone next time. */
  readonly alone: Uint8Array;
  /** Device the job last started on (its first, for a multi-GPU job); -1 before it ever started. */
  readonly device: Int32Array;

  /** `startupSteps[w]`: the start-up of a fresh job of workload w, in steps of its solo pace (0: none). */
  constructor(
    jobs: readonly ClusterJob[],
    workloadIndex: ReadonlyMap<string, number>,
    startupSteps: readonly number[] = [],
  ) {
    const n = jobs.length;
    this.count = n;
    this.ids = jobs.map((j) => j.id);
    this.workload = Int32Array.from(jobs, (j) => workloadIndex.get(j.workload) ?? -1);
    this.arrival = Float64Array.from(jobs, (j) => j.arrivalS);
    this.steps = Float64Array.from(jobs, (j) => j.steps);
    this.gpus = Int32Array.from(jobs, (j) => j.gpus);
    this.state = new Uint8Array(n).fill(NOT_ARRIVED);
    this.remaining = Float64Array.from(this.steps, (s, j) => s + (startupSteps[this.workload[j]] ?? 0));
    this.rate = new Float64Array(n);
    this.since = new Float64Array(n);
    this.start = new Float64Array(n).fill(NaN);
    this.end = new Float64Array(n).fill(NaN);
    this.ooms = new Uint16Array(n);
    this.alone = new Uint8Array(n);
    this.device = new Int32Array(n).fill(-1);
  }
}
