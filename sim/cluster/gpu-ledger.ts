/**
 * Per-GPU state over time: the current figures (from the sharing model's results of the GPU's devices), their
 * time integrals (energy, busy time, SM activity, stranded MIG slices) and, when asked, a timeline of rows.
 */
import { float64, int32 } from "./columns.ts";

export interface GpuFigures {
  jobs: number;
  utilization: number;
  smActivity: number;
  memoryBytes: number;
  powerW: number;
  /** MIG compute slices in no instance (or in instances being re-partitioned). */
  strandedSlices: number;
}

export class GpuLedger {
  readonly jobs: Int32Array;
  readonly utilization: Float64Array;
  readonly smActivity: Float64Array;
  readonly memoryBytes: Float64Array;
  readonly powerW: Float64Array;
  readonly strandedSlices: Float64Array;
  private readonly last: Float64Array;
  /** Integrals over the run: joules, seconds with a job, SM-activity seconds, utilization seconds, slice seconds. */
  readonly energyJ: Float64Array;
  readonly busyS: Float64Array;
  readonly smActivityS: Float64Array;
  readonly utilizationS: Float64Array;
  readonly strandedSliceS: Float64Array;
  readonly timeline = {
    time: float64(),
    gpu: int32(),
    jobs: int32(),
    utilization: float64(),
    smActivity: float64(),
    memoryBytes: float64(),
    powerW: float64(),
    /** Energy the GPU used from the start to this row, joules. */
    energyJ: float64(),
  };

  constructor(
    readonly count: number,
    /** Record a timeline row at every change (the sampler records rows otherwise). */
    private readonly rowPerChange: boolean,
  ) {
    const f = () => new Float64Array(count);
    this.jobs = new Int32Array(count);
    this.utilization = f();
    this.smActivity = f();
    this.memoryBytes = f();
    this.powerW = f();
    this.strandedSlices = f();
    this.last = f();
    this.energyJ = f();
    this.busyS = f();
    this.smActivityS = f();
    this.utilizationS = f();
    this.strandedSliceS = f();
  }

  /** Close the interval since the GPU's last change at `now`, then take the new figures. */
  update(gpu: number, now: number, figures: GpuFigures): void {
    this.integrate(gpu, now);
    this.jobs[gpu] = figures.jobs;
    this.utilization[gpu] = figures.utilization;
    this.smActivity[gpu] = figures.smActivity;
    this.memoryBytes[gpu] = figures.memoryBytes;
    this.powerW[gpu] = figures.powerW;
    this.strandedSlices[gpu] = figures.strandedSlices;
    if (this.rowPerChange) this.row(gpu, now);
  }

  /** Bring every integral up to `now` (end of run). */
  close(now: number): void {
    for (let g = 0; g < this.count; g++) this.integrate(g, now);
  }

  row(gpu: number, now: number): void {
    this.integrate(gpu, now);
    const t = this.timeline;
    t.time.push(now);
    t.gpu.push(gpu);
    t.jobs.push(this.jobs[gpu]);
    t.utilization.push(this.utilization[gpu]);
    t.smActivity.push(this.smActivity[gpu]);
    t.memoryBytes.push(this.memoryBytes[gpu]);
    t.powerW.push(this.powerW[gpu]);
    t.energyJ.push(this.energyJ[gpu]);
  }

  private integrate(gpu: number, now: number): void {
    const dt = now - this.last[gpu];
    if (dt <= 0) return;
    this.energyJ[gpu] += this.powerW[gpu] * dt;
    if (this.jobs[gpu] > 0) this.busyS[gpu] += dt;
    this.smActivityS[gpu] += this.smActivity[gpu] * dt;
    this.utilizationS[gpu] += this.utilization[gpu] * dt;
    this.strandedSliceS[gpu] += this.strandedSlices[gpu] * dt;
    this.last[gpu] = now;
  }
}
