/**
 * simulate(): a ClusterInput through the event core. Jobs arrive (one chained callback, not a million queued
 * events), wait in one FIFO queue, start where the policy says, progress at the sharing model's rates, run out
 * of memory when the model says so (the policy decides what next), and finish.
 */
import { InputError } from "../input-error.ts";
import { SimulationError } from "../core/index.ts";
import { Simulation } from "../core/index.ts";
import { share, type NamedMpsModel } from "../sharing/index.ts";
import { startupProfile } from "../sharing/startup.ts";
import type { WorkloadProfile } from "../sharing/types.ts";
import { Cluster } from "./cluster.ts";
import { EventLog } from "./events-log.ts";
import { GpuLedger } from "./gpu-ledger.ts";
import { FAILED, FINISHED, JobTable, QUEUED, UNSCHEDULED } from "./job-table.ts";
import { FragTracker } from "./placement/frag-tracker.ts";
import { FragModel } from "./placement/fragmentation.ts";
import { PlacementLog } from "./placement/placement-log.ts";
import { targetOfJobs } from "./placement/target.ts";
import { createPolicy } from "./policies/index.ts";
import type { Policy } from "./policies/policy.ts";
import { NODE_AWARE_POLICIES, type ClusterInput } from "./scenario/cluster-input.ts";
import { LIMITS, limitText } from "./scenario/limits.ts";
import { Phases } from "./phases.ts";
import { ShareMemo, type ShareFn } from "./share-memo.ts";

export interface SimulateOptions {
  /** The sharing model; default: sim/sharing's `share` with the calibration set's fitted parameters. */
  share?: ShareFn;
  /** Another model of MPS co-runners on a whole GPU, given to `share` (sim/replay's replayMps), and its name. */
  mps?: NamedMpsModel;
  /** A policy object to use instead of the one the scenario names (for user-written policies). */
  policy?: Policy;
}

export interface RunResult {
  input: ClusterInput;
  /** Workload ids in index order (JobTable.workload indexes them). */
  workloadIds: string[];
  profiles: WorkloadProfile[];
  jobs: JobTable;
  cluster: Cluster;
  ledger: GpuLedger;
  log: EventLog;
  /** Simulated time when the last event happened. */
  endS: number;
  /** Distinct co-runner sets the sharing model was asked about. */
  shareCalls: number;
  /** The model of MPS co-runners: "fast" (sim/sharing/mps.ts) or SimulateOptions.mps's name. */
  mpsModel: string;
  /** Node-aware policies: the placement figures over the run (fragmentation against the run's target workload). */
  placement?: PlacementLog;
}

/** Placement figures for a node-aware run: fragmentation over the pods' own target workload (the paper's 95 %). */
function placementLog(input: ClusterInput, cluster: Cluster, jobs: JobTable): PlacementLog | undefined {
  if (!NODE_AWARE_POLICIES.includes(input.scheduler.policy)) return undefined;
  const model = new FragModel(targetOfJobs(jobs), cluster.nodes.models);
  return new PlacementLog(cluster.nodes, new FragTracker(cluster.nodes, model));
}

/** A FIFO of job indexes; jobs sent back after running out of memory go to its front. */
class JobQueue {
  private readonly items: Int32Array;
  private head = 0;
  private tail = 0;
  private readonly front: number[] = [];

  constructor(capacity: number) {
    this.items = new Int32Array(capacity);
  }

  get size(): number {
    return this.front.length + this.tail - this.head;
  }

  push(job: number): void {
    this.items[this.tail++] = job;
  }

  pushFront(job: number): void {
    this.front.push(job);
  }

  peek(): number {
    return this.front.length > 0 ? this.front[this.front.length - 1] : this.items[this.head];
  }

  pop(): void {
    if (this.front.length > 0) this.front.pop();
    else this.head++;
  }
}

export function simulate(input: ClusterInput, options: SimulateOptions = {}): RunResult {
  const workloadIds = Object.keys(input.workloads).sort();
  const profiles = workloadIds.map((id) => input.workloads[id]);
  // A fresh job first starts up (model build, cuDNN autotuning): a phase with its own profile.
  const startups = profiles.map((p) => startupProfile(p, input.calibration.sharing.idlePowerW));
  const phases = new Phases(profiles, startups);
  const jobs = new JobTable(
    input.jobs,
    new Map(workloadIds.map((id, i) => [id, i])),
    startups.map((p) => p !== undefined),
  );
  const sim = new Simulation({ seed: input.seed });
  const params = input.calibration.sharing;
  const memo = new ShareMemo(
    options.share ?? ((gpu, setup, co) => share(gpu, setup, co, params, options.mps?.model)),
    phases.profiles,
  );
  const interval = input.output.timelineIntervalS;
  const ledger = new GpuLedger(input.gpus.length, input.output.timeline && interval === undefined);
  const log = new EventLog(input.output.events);
  const cluster = new Cluster({ input, jobs, phases, sim, memo, ledger, log });
  const policy = options.policy ?? createPolicy(input);
  const queue = new JobQueue(jobs.count);
  const placement = placementLog(input, cluster, jobs);
  const fill = input.replay === "fill";
  let unsettled = jobs.count;
  // The timeline's next sample: once every job has settled it is taken at once instead (the last row shows the
  // run's end), so that a coarse interval never runs the clock, and the idle GPUs' energy, on past the last job.
  let nextSample = -1;
  let sample: (() => void) | undefined;

  const settle = (job: number, state: typeof FINISHED | typeof FAILED | typeof UNSCHEDULED) => {
    jobs.state[job] = state;
    jobs.end[job] = sim.now;
    unsettled--;
    if (unsettled === 0 && nextSample >= 0) {
      sim.cancel(nextSample);
      nextSample = sim.schedule(0, sample!);
    }
  };

  const outOfMemory = (job: number, device: number) => {
    jobs.ooms[job]++;
    log.add(sim.now, "oom", { job, gpu: cluster.devices[device].gpu, device });
    // A job that runs out of memory alone would do so again: it fails whatever the policy says.
    const action = jobs.alone[job] ? "fail" : (policy.onOom?.(job, cluster) ?? "requeue-alone");
    if (action === "fail") {
      settle(job, FAILED);
      log.add(sim.now, "fail", { job });
      return;
    }
    jobs.alone[job] = 1;
    queue.pushFront(job);
    log.add(sim.now, "requeue", { job });
  };

  const schedulePass = () => {
    while (queue.size > 0) {
      const job = queue.peek();
      const placed = policy.place(job, cluster);
      if (placed === null && fill) {
        // A fill replay drops what does not fit (the paper's unscheduled pods) and goes on with the next.
        queue.pop();
        settle(job, UNSCHEDULED);
        if (placement) placement.unscheduled++;
        log.add(sim.now, "unscheduled", { job });
        continue;
      }
      if (placed === null) return;
      if (placed.devices.length !== jobs.gpus[job]) {
        throw new SimulationError(
          `policy placed job ${jobs.ids[job]} on ${placed.devices.length} devices, it needs ${jobs.gpus[job]}`,
        );
      }
      queue.pop();
      const oom = cluster.start(job, placed);
      if (oom !== null) outOfMemory(job, oom.oomDevice);
    }
  };

  cluster.hooks = {
    finished(done) {
      for (const job of done) {
        settle(job, FINISHED);
        const device = jobs.device[job];
        log.add(sim.now, "finish", device < 0 ? { job } : { job, gpu: cluster.devices[device].gpu, device });
        cluster.remove(job);
        policy.onFinish?.(job, cluster);
      }
      schedulePass();
      placement?.record(sim.now);
    },
    reconfigured: schedulePass,
    deviceChanged(device) {
      policy.onDeviceChange?.(device, cluster);
    },
  };
  policy.init?.(cluster);

  const arrive = (job: number) => {
    jobs.state[job] = QUEUED;
    queue.push(job);
    log.add(sim.now, "arrive", { job });
    if (job + 1 < jobs.count) sim.schedule(jobs.arrival[job + 1] - sim.now, arrive, job + 1);
    if (placement) placement.arrivedMilli += jobs.gpus[job] * jobs.gpuMilli[job];
    schedulePass();
    placement?.record(sim.now);
  };
  if (jobs.count > 0) sim.schedule(jobs.arrival[0], arrive, 0);

  if (interval !== undefined && input.output.timeline) {
    // Samples are counted, not foreseen: how long a run lasts is what the simulation finds out.
    const maxRows = input.limits?.timeline_rows ?? LIMITS.timeline_rows.default;
    let rows = 0;
    sample = () => {
      rows += input.gpus.length;
      if (rows > maxRows)
        throw new InputError(
          input.source,
          "output.timeline_interval_s",
          `an interval that gives ${limitText("timeline_rows", maxRows)} (the run lasts past ${sim.now.toPrecision(3)} s on ${input.gpus.length} GPU(s))`,
          interval,
        );
      for (let g = 0; g < input.gpus.length; g++) ledger.row(g, sim.now);
      nextSample = unsettled > 0 && sim.peek() < Infinity ? sim.schedule(interval, sample!) : -1;
    };
    nextSample = sim.schedule(0, sample);
  }

  sim.run();
  ledger.close(sim.now);
  return {
    input,
    workloadIds,
    profiles,
    jobs,
    cluster,
    ledger,
    log,
    endS: sim.now,
    shareCalls: memo.size,
    mpsModel: options.mps?.name ?? "fast",
    placement,
  };
}

/** The same input with no job start-up: for what times training alone (the study's epochs, a replay's steps). */
export function withoutStartup(input: ClusterInput): ClusterInput {
  const workloads = Object.fromEntries(
    Object.entries(input.workloads).map(([id, p]) => [id, { ...p, startupS: undefined }]),
  );
  return { ...input, workloads };
}
