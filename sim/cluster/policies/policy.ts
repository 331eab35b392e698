/**
 * The scheduling-policy interface. The engine keeps one FIFO queue (jobs that ran out of memory go back to
 * its front) and, whenever something changes, asks the policy where the job at the head should start; a
 * null answer keeps it (and everything behind it) waiting until the next change. Policies keep their own
 * indexes up to date through `onDeviceChange`, so a placement need not scan every GPU.
 */
import type { ShareResult, WorkloadProfile } from "../../sharing/types.ts";
import type { Device } from "../device.ts";
import type { JobTable } from "../job-table.ts";
import type { NodeLedger } from "../placement/node-ledger.ts";
import type { ClusterInput, MigInstance } from "../scenario/cluster-input.ts";

export interface Placement {
  /** Devices to start on: one, or as many as the job's `gpus` for a multi-GPU job (all start together). */
  devices: number[];
  /** SM cap in SMs; default: the GPU's MPS active-thread percentage for this job, if any. */
  smLimit?: number;
  /** Per-client memory cap in bytes; default: the GPU's MPS memory limit, if any. */
  memoryLimitBytes?: number;
  /**
   * Node-aware policies: the node whose CPU and memory the job takes, and the GPUs (ClusterInput.gpus indexes,
   * those of `devices`) whose milli-GPUs it takes (sim/cluster/placement/node-ledger.ts).
   */
  node?: number;
  gpus?: number[];
}

/** What happens to a job that ran out of memory: back to the queue's front to run alone, or give up. */
export type OomAction = "requeue-alone" | "fail";

/** What policies may read and do. Device and job state is the engine's: read it, never write it. */
export interface ClusterView {
  readonly now: number;
  readonly input: ClusterInput;
  readonly jobs: JobTable;
  /** Every device ever created (indexes are stable; removed MIG instances stay, closed and empty). */
  readonly devices: readonly Device[];
  /** Device indexes of each GPU (its open MIG instances, or the whole GPU). */
  readonly gpuDevices: readonly (readonly number[])[];
  /** What each node has left (CPU, memory, milli-GPUs per GPU); node-aware placements change it. */
  readonly nodes: NodeLedger;
  /**
   * Profiles by workload index (JobTable.workload), then the start-up phase of workload w at w + the number of
   * workloads (what Device.workloads holds for a job starting up).
   */
  readonly profiles: readonly WorkloadProfile[];
  /** Solo memory footprint of a job, bytes. */
  footprint(job: number): number;
  /**
   * What the sharing model says if `job` trained on `device` beside its current co-runners (in start order, the job
   * last; co-runners in their current phase, the job as it will train once started up).
   */
  predict(device: number, job: number): ShareResult;
  /**
   * Re-partition a MIG GPU: close the instances not in `keep` (no new jobs), and once they are empty, remove
   * them, wait `delayS`, then create `create`. The policy is told through `onDeviceChange` as devices appear.
   */
  repartition(gpu: number, keep: readonly number[], create: readonly MigInstance[], delayS: number): void;
  /** Whether a re-partition of the GPU is under way. */
  repartitioning(gpu: number): boolean;
}

export interface Policy {
  /** Build indexes once the cluster's devices exist. */
  init?(cluster: ClusterView): void;
  /** Where the job at the head of the queue starts now, or null to keep it waiting. */
  place(job: number, cluster: ClusterView): Placement | null;
  /** A device's jobs, or whether it is open, changed (or the device was just created). */
  onDeviceChange?(device: number, cluster: ClusterView): void;
  /** A job ran out of memory as it started (default: requeue it to run alone; fail if it already was alone). */
  onOom?(job: number, cluster: ClusterView): OomAction;
  onFinish?(job: number, cluster: ClusterView): void;
}
