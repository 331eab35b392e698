/** The run's event log: what happened to which job where, as typed columns (events.arrow is built from it). */
import { float64, int32, uint8 } from "./columns.ts";

export const EVENT_KINDS = [
  "arrive",
  "start",
  "train",
  "progress",
  "finish",
  "oom",
  "requeue",
  "fail",
  "drain",
  "reconfigure-start",
  "reconfigure-end",
  "unscheduled",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
const code = new Map<EventKind, number>(EVENT_KINDS.map((k, i) => [k, i]));

/**
 * What an event is about: a job (with the GPU and device it is on, when it is on one), or a GPU alone (a drain,
 * a re-partition). The log's columns hold -1 where a subject has no such part.
 */
export type EventSubject =
  | { job: number; gpu?: undefined; device?: undefined }
  | { job: number; gpu: number; device: number }
  | { job?: undefined; gpu: number; device?: undefined };

export class EventLog {
  readonly time = float64();
  readonly kind = uint8();
  /** Job index, or -1 for events about a GPU. */
  readonly job = int32();
  /** GPU index, or -1 for events not tied to one (an arrival). */
  readonly gpu = int32();
  /** Device index, or -1. */
  readonly device = int32();
  /**
   * Progress, kept apart and lean (a few per job): when a training job's rate changed, and its rate from then on
   * in steps/s. Its steps done at each follow from the rates before (results.ts writes both into events.arrow).
   */
  readonly progressTime = float64();
  readonly progressJob = int32();
  readonly progressRate = float64();

  constructor(readonly enabled: boolean) {}

  add(time: number, kind: EventKind, subject: EventSubject): void {
    if (!this.enabled) return;
    this.time.push(time);
    this.kind.push(code.get(kind) as number);
    this.job.push(subject.job ?? -1);
    this.gpu.push(subject.gpu ?? -1);
    this.device.push(subject.device ?? -1);
  }

  /** A training job's rate changed (its co-runners did, or it began training). */
  progress(time: number, job: number, stepsPerS: number): void {
    if (!this.enabled) return;
    this.progressTime.push(time);
    this.progressJob.push(job);
    this.progressRate.push(stepsPerS);
  }
}
