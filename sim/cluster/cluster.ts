/**
 * The cluster's mechanics: devices and the jobs on them, progress at the sharing model's rates, the finish
 * timer of each device, and MIG re-partitioning. Whenever a device's co-runner set changes, its jobs are
 * brought up to date at their old rates, new rates come from the memo, and the device's next-finish timer is
 * rescheduled (a version counter makes older timers no-ops: nothing is cancelled).
 */
import { mpsClientSms, stranded } from "../hardware/index.ts";
import { SimulationError } from "../core/index.ts";
import type { Simulation } from "../core/index.ts";
import { combineInstances, usesMps } from "../sharing/index.ts";
import type { GpuLevel, ShareResult, WorkloadProfile } from "../sharing/types.ts";
import { clientLimit, gpuView, setupKey, setupOf, type Device } from "./device.ts";
import type { EventLog } from "./events-log.ts";
import type { GpuLedger } from "./gpu-ledger.ts";
import { RUNNING, type JobTable } from "./job-table.ts";
import type { ClusterView, Placement } from "./policies/policy.ts";
import type { Phases } from "./phases.ts";
import { NodeLedger } from "./placement/node-ledger.ts";
import { GPU_MILLI, specOf, type ClusterInput, type MigInstance } from "./scenario/cluster-input.ts";
import { NO_CO_RUNNERS, type CoRunnerColumns, type ShareMemo } from "./share-memo.ts";

/** Timer arguments pack (version, device) into one number: no allocation per timer. */
const DEVICE_BITS = 2 ** 21;
/** A job is done when less than this many seconds of work remain (floating-point slack of the timer). */
const FINISH_SLACK_S = 1e-6;

/** Drop entry `at` of a device column in place (splice would allocate the removed part). */
function removeAt<T>(column: T[], at: number): void {
  for (let i = at + 1; i < column.length; i++) column[i - 1] = column[i];
  column.pop();
}

interface Repartition {
  closing: number[];
  create: MigInstance[];
  delayS: number;
  started: boolean;
}

export interface ClusterHooks {
  /** Jobs that finished at a timer. */
  finished(jobs: number[]): void;
  /** Devices were created or opened by a finished re-partition. */
  reconfigured(gpu: number): void;
  deviceChanged(device: number): void;
}

/** What a GPU the sharing models do not model (not the calibration's model) reports: nothing, and no power. */
const UNMODELLED: ShareResult = {
  stepsPerSecond: [],
  oom: [],
  utilization: 0,
  smActivity: 0,
  memoryBytes: 0,
  powerW: 0,
  load: 0,
};

interface Caps {
  smLimit?: number;
  memoryLimitBytes?: number;
}

const NO_CAPS: Caps = {};

/** What a cluster is built from: the run's input and jobs, its phases' profiles, and the engine's parts. */
export interface ClusterParts {
  input: ClusterInput;
  jobs: JobTable;
  phases: Phases;
  sim: Simulation;
  memo: ShareMemo;
  ledger: GpuLedger;
  log: EventLog;
}

export class Cluster implements ClusterView {
  readonly devices: Device[] = [];
  readonly gpuDevices: number[][];
  readonly nodes: NodeLedger;
  /** What each node-aware placement took: its GPUs and milli-GPUs on each (the node is JobTable.node). */
  private readonly taken = new Map<number, { gpus: number[]; milli: number }>();
  private readonly onHoldEnd = (job: number) => this.hooks.finished([job]);
  /** Devices of each multi-GPU job (single-GPU jobs use JobTable.device). */
  private readonly gangs = new Map<number, number[]>();
  private readonly repartitions = new Map<number, Repartition>();
  /** Compute slices of each GPU in MIG mode (0 otherwise): the ones in no instance are stranded. */
  private readonly migSlices: number[];
  /** Stranded compute slices of each GPU, recomputed when its instances change (see `strandedOf`). */
  private readonly strandedSlices: number[];
  /** GPUs whose sharing caps no job (no MPS percentages below 100, no pinned-memory limit): asked per start. */
  private readonly uncapped: boolean[];
  /** A device's co-runners plus one more, rebuilt per prediction (no allocation in the policies' loops). */
  private readonly scratch = {
    workloads: [] as number[],
    smLimits: [] as (number | undefined)[],
    memoryLimits: [] as (number | undefined)[],
  };
  private readonly scratchOrder: number[] = [];
  private readonly onTimer = (arg: number) => this.timer(arg);
  hooks: ClusterHooks = { finished() {}, reconfigured() {}, deviceChanged() {} };

  readonly input: ClusterInput;
  readonly jobs: JobTable;
  /** Every phase's profile (Phases): a workload's training profile at its own index. */
  readonly profiles: readonly WorkloadProfile[];
  private readonly phases: Phases;
  private readonly sim: Simulation;
  private readonly memo: ShareMemo;
  private readonly ledger: GpuLedger;
  private readonly log: EventLog;

  constructor(parts: ClusterParts) {
    const { input } = parts;
    this.input = input;
    this.jobs = parts.jobs;
    this.phases = parts.phases;
    this.profiles = parts.phases.profiles;
    this.sim = parts.sim;
    this.memo = parts.memo;
    this.ledger = parts.ledger;
    this.log = parts.log;
    this.gpuDevices = input.gpus.map(() => []);
    this.nodes = new NodeLedger(input);
    this.migSlices = input.gpus.map((g) => (g.sharing.mode === "mig" ? specOf(g).computeSlices : 0));
    this.strandedSlices = input.gpus.map(() => 0);
    this.uncapped = input.gpus.map(
      ({ sharing: s }) =>
        s.mode !== "mps" ||
        (s.defaultPercentage >= 100 &&
          s.memoryLimitBytes === undefined &&
          Object.values(s.percentages).every((pct) => pct >= 100)),
    );
    input.gpus.forEach((g, i) => {
      if (g.sharing.mode === "mig") for (const inst of g.sharing.instances) this.addDevice(i, inst);
      else this.addDevice(i, null);
      this.strandedSlices[i] = this.strandedOf(i, 0);
      this.refreshGpu(i);
    });
  }

  get now(): number {
    return this.sim.now;
  }

  /** Memory a job must have to run: its measured minimum where known (the sharing model gives it more if free). */
  footprint(job: number): number {
    const p = this.profiles[this.jobs.workload[job]];
    return p.minMemoryBytes ?? p.memoryBytes;
  }

  predict(device: number, job: number): ShareResult {
    const d = this.devices[device];
    const caps = this.defaultCaps(device, job);
    return this.resultWith(d, job, caps.smLimit, caps.memoryLimitBytes);
  }

  /** Whether the sharing models model GPUs of this model (the calibration set's). */
  private modelled(model: string): boolean {
    return model === this.input.calibration.gpu;
  }

  /** Start `job` on the placement's devices, or report the devices where it ran out of memory. */
  start(job: number, placement: Placement): { oomDevice: number } | null {
    if (this.jobs.workload[job] < 0) {
      this.take(job, placement);
      this.startHolding(job, placement.devices);
      return null;
    }
    const { devices } = placement;
    const caps = devices.map((dev) => {
      const c = this.defaultCaps(dev, job);
      return {
        sm: placement.smLimit ?? c.smLimit,
        mem: placement.memoryLimitBytes ?? c.memoryLimitBytes,
      };
    });
    for (let k = 0; k < devices.length; k++) {
      if (!this.fitsBeside(this.devices[devices[k]], job, caps[k].sm, caps[k].mem))
        return { oomDevice: devices[k] };
    }
    const { jobs } = this;
    const now = this.sim.now;
    this.take(job, placement);
    for (const dev of devices) this.advance(dev, now);
    jobs.state[job] = RUNNING;
    if (Number.isNaN(jobs.start[job])) jobs.start[job] = now;
    if (jobs.inStartup[job] === 0) jobs.trainStart[job] = now;
    jobs.smLimit[job] = caps[0].sm ?? this.devices[devices[0]].sms;
    jobs.since[job] = now;
    jobs.device[job] = devices[0];
    if (devices.length > 1) this.gangs.set(job, devices.slice());
    devices.forEach((dev, k) => {
      const d = this.devices[dev];
      d.jobs.push(job);
      d.workloads.push(this.phaseOf(job));
      d.smLimits.push(caps[k].sm);
      d.memoryLimits.push(caps[k].mem);
      d.rates.push(0);
      d.memoryUsed += this.footprint(job);
      if (jobs.alone[job]) d.holdsAlone = true;
      this.markStartedTogether(job, d, now);
      this.log.add(now, "start", { job, gpu: d.gpu, device: dev });
    });
    this.changed(devices);
    return null;
  }

  /** A node-aware placement takes the job's requests from its node. */
  private take(job: number, placement: Placement): void {
    if (placement.node === undefined) return;
    const { jobs } = this;
    const gpus = placement.gpus ?? [];
    const milli = jobs.alone[job] === 1 ? GPU_MILLI : jobs.gpuMilli[job];
    this.nodes.take(placement.node, gpus, jobs.cpuMilli[job], jobs.memoryMib[job], milli);
    jobs.node[job] = placement.node;
    this.taken.set(job, { gpus, milli });
  }

  private release(job: number): void {
    if (this.jobs.node[job] < 0) return;
    const taken = this.taken.get(job);
    if (taken === undefined) return;
    const { jobs } = this;
    this.nodes.release(jobs.node[job], taken.gpus, jobs.cpuMilli[job], jobs.memoryMib[job], taken.milli);
    this.taken.delete(job);
  }

  /** A placement-only job runs no modelled work: it holds what it took for its hold time (forever if infinite). */
  private startHolding(job: number, devices: readonly number[]): void {
    const { jobs } = this;
    const now = this.sim.now;
    jobs.state[job] = RUNNING;
    jobs.start[job] = jobs.since[job] = now;
    jobs.device[job] = devices.length > 0 ? devices[0] : -1;
    for (const dev of devices) this.log.add(now, "start", { job, gpu: this.devices[dev].gpu, device: dev });
    if (devices.length === 0) this.log.add(now, "start", { job });
    if (Number.isFinite(jobs.holdS[job])) this.sim.schedule(jobs.holdS[job], this.onHoldEnd, job);
  }

  /** Take a finished job off its devices. */
  remove(job: number): void {
    this.release(job);
    if (this.jobs.workload[job] < 0) return;
    const devices = this.gangs.get(job) ?? [this.jobs.device[job]];
    this.gangs.delete(job);
    const now = this.sim.now;
    for (const dev of devices) {
      this.advance(dev, now);
      const d = this.devices[dev];
      const at = d.jobs.indexOf(job);
      removeAt(d.jobs, at);
      removeAt(d.workloads, at);
      removeAt(d.smLimits, at);
      removeAt(d.memoryLimits, at);
      removeAt(d.rates, at);
      d.memoryUsed -= this.footprint(job);
      if (this.jobs.alone[job]) d.holdsAlone = false;
    }
    this.changed(devices);
    for (const dev of devices) this.maybeStartRepartition(this.devices[dev].gpu);
  }

  repartition(gpu: number, keep: readonly number[], create: readonly MigInstance[], delayS: number): void {
    if (this.repartitions.has(gpu)) throw new SimulationError(`GPU ${gpu} is already being re-partitioned`);
    const closing = this.gpuDevices[gpu].filter((dev) => !keep.includes(dev));
    this.repartitions.set(gpu, { closing, create: create.slice(), delayS, started: false });
    for (const dev of closing) {
      this.devices[dev].open = false;
      this.hooks.deviceChanged(dev);
    }
    this.log.add(this.sim.now, "drain", { gpu });
    this.maybeStartRepartition(gpu);
  }

  repartitioning(gpu: number): boolean {
    return this.repartitions.has(gpu);
  }

  /** Compute slices of all MIG GPUs together. */
  migSliceTotal(): number {
    return this.migSlices.reduce((a, b) => a + b, 0);
  }

  private addDevice(gpu: number, instance: MigInstance | null): number {
    const g = this.input.gpus[gpu];
    const setup = setupOf(g, instance);
    const kind = this.memo.kind(setupKey(g, setup), { gpu: gpuView(g), setup });
    const index = this.devices.length;
    this.devices.push({
      index,
      gpu,
      instance,
      setup,
      sms: instance?.sms ?? g.sms,
      memoryBytes: instance?.memoryBytes ?? g.memoryBytes,
      kind,
      jobs: [],
      workloads: [],
      smLimits: [],
      memoryLimits: [],
      rates: [],
      memoryUsed: 0,
      clientLimit: clientLimit(g, instance),
      holdsAlone: false,
      open: true,
      result: this.modelled(g.model) ? this.memo.get(kind, NO_CO_RUNNERS, []) : UNMODELLED,
      version: 0,
    });
    this.gpuDevices[gpu].push(index);
    return index;
  }

  /** Caps the GPU's MPS setup gives a job: its active-thread percentage as SMs, the pinned-memory limit. */
  private defaultCaps(device: number, job: number): Caps {
    const d = this.devices[device];
    const sharing = this.input.gpus[d.gpu].sharing;
    if (sharing.mode !== "mps" || this.uncapped[d.gpu]) return NO_CAPS;
    // An own key only: a job called "constructor" would otherwise read Object's function as its percentage.
    const id = this.jobs.ids[job];
    const pct = Object.hasOwn(sharing.percentages, id) ? sharing.percentages[id] : sharing.defaultPercentage;
    return {
      smLimit:
        pct < 100 ? mpsClientSms(d.sms, pct, specOf(this.input.gpus[d.gpu]).mps.smGranularity) : undefined,
      memoryLimitBytes: sharing.memoryLimitBytes,
    };
  }

  /** The device's co-runners in start order plus `job` last, with the given caps. */
  private resultWith(d: Device, job: number, sm: number | undefined, mem: number | undefined): ShareResult {
    const order = this.scratchOrder;
    order.length = this.withNewcomer(d, job, sm, mem);
    for (let i = 0; i < order.length; i++) order[i] = i;
    return this.memo.get(d.kind, this.scratch, order);
  }

  /**
   * Whether `job` fits in memory beside the device's co-runners, admitted after them. First asked in canonical
   * order, the set as its rates will be asked for once it runs: where memory held no one back, the order does not
   * matter, and the memo meets one set where start orders would make it all its permutations.
   */
  private fitsBeside(d: Device, job: number, sm: number | undefined, mem: number | undefined): boolean {
    const n = this.withNewcomer(d, job, sm, mem) - 1;
    const order = this.canonicalOrder(this.scratch, n + 1);
    const at = order.indexOf(n);
    const canonical = this.memo.get(d.kind, this.scratch, order);
    if (canonical.anyOrder === true) return !canonical.oom[at];
    return !this.resultWith(d, job, sm, mem).oom[n];
  }

  /** The scratch columns: the device's co-runners in start order, then `job` as it will train; their count. */
  private withNewcomer(d: Device, job: number, sm: number | undefined, mem: number | undefined): number {
    const { workloads: w, smLimits: s, memoryLimits: m } = this.scratch;
    const n = d.jobs.length;
    w.length = s.length = m.length = n + 1;
    for (let i = 0; i < n; i++) {
      w[i] = d.workloads[i];
      s[i] = d.smLimits[i];
      m[i] = d.memoryLimits[i];
    }
    w[n] = this.jobs.workload[job]; // as it will train: policies weigh the steady state, not the start-up
    s[n] = sm;
    m[n] = mem;
    return n + 1;
  }

  /** The job's current phase (Phases). */
  private phaseOf(job: number): number {
    const { workload, inStartup, startedTogether } = this.jobs;
    return this.phases.of(workload[job], inStartup[job] === 1, startedTogether[job] === 1);
  }

  /**
   * Under MPS a job that starts beside co-runners starting too (in their start-up, or placed at this instant)
   * autotunes beside them: it and they train by their started-together profiles. Co-runners training from their
   * start change phase now (they have not progressed yet).
   */
  private markStartedTogether(job: number, d: Device, now: number): void {
    if (!usesMps(d.setup) || !this.starting(job, now)) return;
    let together = false;
    for (const j of d.jobs) together ||= j !== job && this.starting(j, now);
    if (!together) return;
    d.jobs.forEach((j, i) => {
      if (j !== job && !this.starting(j, now)) return;
      this.jobs.startedTogether[j] = 1;
      d.workloads[i] = this.phaseOf(j);
    });
  }

  /** Whether the job is starting up, or was placed at `now`. */
  private starting(job: number, now: number): boolean {
    return this.jobs.inStartup[job] === 1 || this.jobs.start[job] === now;
  }

  /** Start-up done: the job trains from now on, its devices get new rates. */
  private beginTraining(job: number): void {
    const devices = this.gangs.get(job) ?? [this.jobs.device[job]];
    const now = this.sim.now;
    for (const dev of devices) this.advance(dev, now);
    this.jobs.inStartup[job] = 0;
    this.jobs.trainStart[job] = now;
    this.jobs.rate[job] = NaN; // a new phase: its first training rate is a change (logged as progress)
    this.jobs.remaining[job] = this.jobs.steps[job];
    for (const dev of devices) {
      const d = this.devices[dev];
      d.workloads[d.jobs.indexOf(job)] = this.phaseOf(job);
    }
    this.log.add(now, "train", { job, gpu: this.devices[devices[0]].gpu, device: devices[0] });
    this.changed(devices);
  }

  /** Bring the device's jobs' remaining work up to `now` at their current rates. */
  private advance(device: number, now: number): void {
    const { remaining, rate, since } = this.jobs;
    for (const j of this.devices[device].jobs) {
      remaining[j] -= rate[j] * (now - since[j]);
      since[j] = now;
    }
  }

  /** New co-runner sets on `devices`: new rates, new finish timers, new GPU figures. */
  private changed(devices: readonly number[]): void {
    // Almost every change touches one device and no multi-GPU job: no sets to build then.
    const touched = this.gangs.size === 0 ? devices : this.withGangPartners(devices);
    for (const dev of devices) this.rerate(dev);
    for (const dev of touched) this.updateJobRates(dev);
    for (const dev of touched) this.reschedule(dev);
    let lastGpu = -1;
    for (const dev of devices) {
      const g = this.devices[dev].gpu;
      if (g !== lastGpu) this.refreshGpu(g);
      lastGpu = g;
    }
    for (const dev of devices) this.hooks.deviceChanged(dev);
  }

  /** The devices and every other device of a multi-GPU job on them (its rate depends on all of them). */
  private withGangPartners(devices: readonly number[]): number[] {
    const touched = new Set<number>(devices);
    for (const dev of devices)
      for (const j of this.devices[dev].jobs) for (const other of this.gangs.get(j) ?? []) touched.add(other);
    return [...touched];
  }

  /** Ask the memo about the device's set in canonical order (rates do not depend on start order). */
  private rerate(device: number): void {
    const d = this.devices[device];
    const order = this.canonicalOrder(d, d.jobs.length);
    d.result = this.memo.get(d.kind, d, order);
    for (let k = 0; k < order.length; k++) d.rates[order[k]] = d.result.stepsPerSecond[k];
  }

  /** Indexes of the first `count` co-runners in canonical order, in the scratch array (valid until the next call). */
  private canonicalOrder(d: CoRunnerColumns, count: number): number[] {
    const order = this.scratchOrder;
    order.length = count;
    for (let i = 0; i < order.length; i++) order[i] = i;
    // Insertion sort: a handful of co-runners, and no comparator closure per call in the hot loop.
    for (let i = 1; i < order.length; i++) {
      const x = order[i];
      let k = i - 1;
      for (; k >= 0 && this.after(d, order[k], x); k--) order[k + 1] = order[k];
      order[k + 1] = x;
    }
    return order;
  }

  /** Canonical order of co-runners: workload, then SM cap, then memory cap. */
  private after(d: CoRunnerColumns, a: number, b: number): boolean {
    return (
      (d.workloads[a] - d.workloads[b] ||
        (d.smLimits[a] ?? 0) - (d.smLimits[b] ?? 0) ||
        (d.memoryLimits[a] ?? 0) - (d.memoryLimits[b] ?? 0)) > 0
    );
  }

  /**
   * A multi-GPU job steps at the pace of its slowest device. With the event log on, a training job whose rate
   * changes logs it (progress).
   */
  private updateJobRates(device: number): void {
    const d = this.devices[device];
    const { jobs, log } = this;
    for (let i = 0; i < d.jobs.length; i++) {
      const j = d.jobs[i];
      const gang = this.gangs.get(j);
      let r = d.rates[i];
      if (gang !== undefined) {
        for (const other of gang) {
          const o = this.devices[other];
          r = Math.min(r, o.rates[o.jobs.indexOf(j)]);
        }
      }
      if (log.enabled && r !== jobs.rate[j] && jobs.inStartup[j] === 0) log.progress(this.sim.now, j, r);
      jobs.rate[j] = r;
    }
  }

  private reschedule(device: number): void {
    const d = this.devices[device];
    const { remaining, rate } = this.jobs;
    let soonest = Infinity;
    for (const j of d.jobs) if (rate[j] > 0) soonest = Math.min(soonest, remaining[j] / rate[j]);
    d.version++;
    if (soonest < Infinity)
      this.sim.schedule(Math.max(0, soonest), this.onTimer, d.version * DEVICE_BITS + device);
  }

  private timer(arg: number): void {
    const device = arg % DEVICE_BITS;
    const d = this.devices[device];
    if ((arg - device) / DEVICE_BITS !== d.version) return;
    const now = this.sim.now;
    this.advance(device, now);
    const { remaining, rate, inStartup } = this.jobs;
    // Also ended: work left for less time than the clock can still tell apart from now (far from 0 s, float
    // seconds are coarse), which would otherwise come back at this very time forever.
    const started: number[] = [];
    const done: number[] = [];
    for (const j of d.jobs) {
      if (remaining[j] <= rate[j] * FINISH_SLACK_S || now + remaining[j] / rate[j] <= now)
        (inStartup[j] === 1 ? started : done).push(j);
    }
    for (const j of started) this.beginTraining(j);
    if (done.length > 0) this.hooks.finished(done);
    else if (started.length === 0) this.reschedule(device);
  }

  private maybeStartRepartition(gpu: number): void {
    const plan = this.repartitions.get(gpu);
    if (plan === undefined || plan.started) return;
    if (plan.closing.some((dev) => this.devices[dev].jobs.length > 0)) return;
    plan.started = true;
    this.gpuDevices[gpu] = this.gpuDevices[gpu].filter((dev) => !plan.closing.includes(dev));
    this.log.add(this.sim.now, "reconfigure-start", { gpu });
    const reconfiguring = plan.create.reduce((n, inst) => n + inst.computeSlices, 0);
    this.strandedSlices[gpu] = this.strandedOf(gpu, reconfiguring);
    this.refreshGpu(gpu);
    this.sim.schedule(plan.delayS, () => {
      this.repartitions.delete(gpu);
      const created = plan.create.map((inst) => this.addDevice(gpu, inst));
      this.log.add(this.sim.now, "reconfigure-end", { gpu });
      this.strandedSlices[gpu] = this.strandedOf(gpu, 0);
      this.refreshGpu(gpu);
      for (const dev of created) this.hooks.deviceChanged(dev);
      this.hooks.reconfigured(gpu);
    });
  }

  /**
   * Compute slices of a MIG GPU that no job can use: with a fixed layout, those in no instance; with a layout
   * the scheduler may change, those no instance could still be created on beside the current ones (sim/hardware's
   * `stranded`), plus `reconfiguring` slices waiting out a re-partition.
   */
  private strandedOf(gpu: number, reconfiguring: number): number {
    const g = this.input.gpus[gpu];
    if (g.sharing.mode !== "mig") return 0;
    const instances = this.gpuDevices[gpu].map((dev) => this.devices[dev].instance!);
    if (g.sharing.fixed) return specOf(g).computeSlices - instances.reduce((n, i) => n + i.computeSlices, 0);
    const layout = instances
      .map((i) => ({ profileId: i.profileId, start: i.start }))
      .sort((a, b) => a.start - b.start);
    return stranded(specOf(g), layout).computeSlices + reconfiguring;
  }

  /**
   * The GPU's figures from its devices' results: a MIG GPU's combine its instances' as validation does. A modelled
   * board never draws less than the catalog's measured no-process power: the fitted idle is the power model's
   * intercept under load (46.2 W on the H200, where the board with no process measured 79.4 W).
   */
  private refreshGpu(gpu: number): void {
    const g = this.input.gpus[gpu];
    const ids = this.gpuDevices[gpu];
    let jobs = 0;
    for (const dev of ids) jobs += this.devices[dev].jobs.length;
    const modelled = this.modelled(g.model);
    const level: GpuLevel =
      g.sharing.mode !== "mig"
        ? this.devices[ids[0]].result
        : modelled
          ? combineInstances(
              ids.map((dev) => this.devices[dev].result),
              this.input.calibration.sharing,
            )
          : UNMODELLED;
    this.ledger.update(gpu, this.sim.now, {
      jobs,
      utilization: level.utilization,
      smActivity: level.smActivity,
      memoryBytes: level.memoryBytes,
      powerW: modelled ? Math.max(level.powerW, specOf(g).power.idleW) : level.powerW,
      strandedSlices: this.strandedSlices[gpu],
    });
  }
}
