/**
 * Node-aware placement over a run: a row after every arrival and every departure (what the FGD paper plots
 * against the arrived workload), and time integrals of the allocation figures for time-averaged shares.
 */
import { float64 } from "../columns.ts";
import type { FragTracker } from "./frag-tracker.ts";
import { FRAG_CLASSES } from "./fragmentation.ts";
import type { NodeLedger } from "./node-ledger.ts";

/** The figures a row and the integrals hold, in this order: allocation, fragmentation, then its classes. */
export const PLACEMENT_FIGURES = [
  "gpus_busy",
  "gpu_milli_taken",
  "cpu_milli_taken",
  "memory_mib_taken",
  "frag_gpu_milli",
  ...FRAG_CLASSES,
] as const;

export class PlacementLog {
  readonly rows = {
    time: float64(),
    /** Milli-GPUs asked for by the jobs arrived so far (the paper's "arrived workload"). */
    arrivedMilli: float64(),
    unscheduled: float64(),
    figures: PLACEMENT_FIGURES.map(() => float64()),
  };
  /** Integrals of the figures over time (figure-seconds), in PLACEMENT_FIGURES order. */
  readonly integrals = new Float64Array(PLACEMENT_FIGURES.length);
  arrivedMilli = 0;
  unscheduled = 0;
  private last = 0;
  private readonly current = new Float64Array(PLACEMENT_FIGURES.length);
  /** The figures of the last row: what the cluster held since. */
  private readonly held = new Float64Array(PLACEMENT_FIGURES.length);

  constructor(
    readonly ledger: NodeLedger,
    readonly frag: FragTracker,
  ) {}

  /** The current figures, PLACEMENT_FIGURES order. */
  figures(): Float64Array {
    const { ledger } = this;
    const f = this.current;
    f[0] = ledger.gpusBusy;
    f[1] = ledger.milliTaken;
    f[2] = ledger.cpuTaken;
    f[3] = ledger.memoryTaken;
    f[4] = this.frag.fragMilli;
    f.set(this.frag.classes, 5);
    return f;
  }

  /** Close the interval since the last row at `now` (at the figures of that row), then add a row. */
  record(now: number): void {
    const dt = now - this.last;
    if (dt > 0) for (let i = 0; i < this.held.length; i++) this.integrals[i] += this.held[i] * dt;
    this.last = Math.max(this.last, now);
    this.held.set(this.figures());
    const { rows } = this;
    rows.time.push(now);
    rows.arrivedMilli.push(this.arrivedMilli);
    rows.unscheduled.push(this.unscheduled);
    this.held.forEach((v, i) => rows.figures[i].push(v));
  }
}
