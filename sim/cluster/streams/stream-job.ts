/** A job as a stream yields it: its work is still in the unit the stream states, converted to steps on resolution. */
import type { Requests } from "../scenario/cluster-input.ts";

export type Work = { iterations: number } | { epochs: number } | { durationS: number };

/** Where something was written, so that a later check can name the file and the field (or trace line). */
export interface Origin {
  file: string;
  field: string;
}

/** Where a job's fields were written (file and field, or trace line and column). */
export interface JobOrigin {
  workload: Origin;
  gpus: Origin;
  id: Origin;
  arrival: Origin;
  work: Origin;
}

export interface StreamJob {
  id: string;
  arrivalS: number;
  /** Undefined: a placement-only job, whose work is the duration it holds its requests. */
  workload?: string;
  work: Work;
  gpus: number;
  gpuShare?: number;
  requests?: Requests;
  /** Added by workload inflation. */
  inflated?: boolean;
  origin: JobOrigin;
}
