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
  /** Progress events: the job's steps done by then, and its training rate from then on (images/s); else NaN. */
  readonly stepsDone = float64();
  readonly imgPerS = float64();

  constructor(readonly enabled: boolean) {}

  add(time: number, kind: EventKind, job: number, gpu: number, device: number): void {
    if (!this.enabled) return;
    this.push(time, kind, job, gpu, device, NaN, NaN);
  }

  /** A training job's rate changed (its co-runners did): where it stands and how fast it goes on. */
  progress(time: number, job: number, gpu: number, device: number, stepsDone: number, imgPerS: number): void {
    if (!this.enabled) return;
    this.push(time, "progress", job, gpu, device, stepsDone, imgPerS);
  }

  private push(
    t: number,
    kind: EventKind,
    job: number,
    gpu: number,
    device: number,
    steps: number,
    rate: number,
  ) {
    this.time.push(t);
    this.kind.push(code.get(kind) as number);
    this.job.push(job);
    this.gpu.push(gpu);
    this.device.push(device);
    this.stepsDone.push(steps);
    this.imgPerS.push(rate);
  }
}
