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

  add(time: number, kind: EventKind, job: number, gpu: number, device: number): void {
    if (!this.enabled) return;
    this.time.push(time);
    this.kind.push(code.get(kind) as number);
    this.job.push(job);
    this.gpu.push(gpu);
    this.device.push(device);
  }

  /** A training job's rate changed (its co-runners did, or it began training). */
  progress(time: number, job: number, stepsPerS: number): void {
    if (!this.enabled) return;
    this.progressTime.push(time);
    this.progressJob.push(job);
    this.progressRate.push(stepsPerS);
  }
}
