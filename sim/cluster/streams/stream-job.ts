/** A job as a stream yields it: its work is still in the unit the stream states, converted to steps on resolution. */

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
  workload: string;
  work: Work;
  gpus: number;
  gpuShare?: number;
  origin: JobOrigin;
}
