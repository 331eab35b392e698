/**
 * What each node has left for node-aware placement: CPU, host memory and the milli-GPUs of each of its GPUs, kept
 * in typed arrays and changed only by `take` and `release` (the cluster calls them as jobs start and leave).
 * Every change bumps the node's version, so policies may cache per-node scores, and tells the listeners.
 */
import { GPU_MILLI, type ClusterInput } from "../scenario/cluster-input.ts";

export class NodeLedger {
  readonly count: number;
  readonly names: readonly string[];
  readonly cpuCapacity: Float64Array;
  readonly memoryCapacity: Float64Array;
  readonly cpuFree: Float64Array;
  readonly memoryFree: Float64Array;
  /** Milli-GPUs left on each GPU of the cluster (ClusterInput.gpus order). */
  readonly gpuFree: Int32Array;
  /** GPU indexes of each node, in the node's own order. */
  readonly nodeGpus: readonly Int32Array[];
  /** Index into `models` of each node's GPU model; -1: none stated (or no GPU). */
  readonly modelOf: Int32Array;
  readonly models: readonly string[];
  /** Bumped at every change of the node (from 1, so 0 never matches a cached version). */
  readonly version: Uint32Array;
  /**
   * Running pods per node by kind: [share-GPU pods, 1-GPU, 2-GPU, ...] (GPU clustering groups pods by it); CPU pods
   * are not counted.
   */
  readonly kinds: Int32Array;
  readonly kindCount: number;
  /** Totals over the cluster: GPUs with any milli taken, milli taken, CPU and memory taken. */
  gpusBusy = 0;
  milliTaken = 0;
  cpuTaken = 0;
  memoryTaken = 0;
  readonly gpuCount: number;
  /** CPU and memory of the nodes that state them (the denominators of their allocation shares). */
  readonly cpuTotal: number;
  readonly memoryTotal: number;
  private readonly listeners: ((node: number) => void)[] = [];

  constructor(input: Pick<ClusterInput, "nodes" | "gpus">) {
    const { nodes } = input;
    this.count = nodes.length;
    this.names = nodes.map((n) => n.name);
    this.cpuCapacity = Float64Array.from(nodes, (n) => n.cpuMilli);
    this.memoryCapacity = Float64Array.from(nodes, (n) => n.memoryMib);
    this.cpuFree = this.cpuCapacity.slice();
    this.memoryFree = this.memoryCapacity.slice();
    this.gpuFree = new Int32Array(input.gpus.length).fill(GPU_MILLI);
    this.gpuCount = input.gpus.length;
    this.nodeGpus = nodes.map((n) => Int32Array.from(n.gpus));
    const models = [...new Set(nodes.flatMap((n) => (n.gpuModel === undefined ? [] : [n.gpuModel])))];
    this.models = models;
    this.modelOf = Int32Array.from(nodes, (n) =>
      n.gpuModel === undefined ? -1 : models.indexOf(n.gpuModel),
    );
    this.version = new Uint32Array(this.count).fill(1);
    this.kindCount = 1 + Math.max(0, ...nodes.map((n) => n.gpus.length));
    this.kinds = new Int32Array(this.count * this.kindCount);
    const finite = (a: Float64Array) => a.reduce((s, x) => (Number.isFinite(x) ? s + x : s), 0);
    this.cpuTotal = finite(this.cpuCapacity);
    this.memoryTotal = finite(this.memoryCapacity);
  }

  /** Call `listener(node)` after every change of a node. */
  onChange(listener: (node: number) => void): void {
    this.listeners.push(listener);
  }

  /** Milli-GPUs left on the node, over all its GPUs. */
  gpuFreeOn(node: number): number {
    let free = 0;
    for (const g of this.nodeGpus[node]) free += this.gpuFree[g];
    return free;
  }

  /** Copies the milli-GPUs left on each of the node's GPUs into `into` (from index 0); returns its GPU count. */
  copyGpuFree(node: number, into: Int32Array): number {
    const gpus = this.nodeGpus[node];
    for (let i = 0; i < gpus.length; i++) into[i] = this.gpuFree[gpus[i]];
    return gpus.length;
  }

  /** GPUs of the node with at least `milli` left. */
  gpusWith(node: number, milli: number): number {
    let n = 0;
    for (const g of this.nodeGpus[node]) if (this.gpuFree[g] >= milli) n++;
    return n;
  }

  /** Whether the node can take a pod: CPU, memory, `gpus` GPUs with `milli` left each, a GPU model it allows. */
  fits(
    node: number,
    cpu: number,
    memory: number,
    gpus: number,
    milli: number,
    models: ReadonlySet<string> | undefined,
  ): boolean {
    if (this.cpuFree[node] < cpu || this.memoryFree[node] < memory) return false;
    if (gpus === 0) return true;
    if (models !== undefined && (this.modelOf[node] < 0 || !models.has(this.models[this.modelOf[node]])))
      return false;
    return this.gpusWith(node, milli) >= gpus;
  }

  /** The pod kind GPU clustering groups by: 0 for a share-GPU pod, else its GPU count; -1 for a CPU pod. */
  static kindOf(gpus: number, milli: number): number {
    return gpus === 0 ? -1 : gpus === 1 && milli < GPU_MILLI ? 0 : gpus;
  }

  take(node: number, gpus: readonly number[], cpu: number, memory: number, milli: number): void {
    this.change(node, gpus, cpu, memory, milli, 1);
  }

  release(node: number, gpus: readonly number[], cpu: number, memory: number, milli: number): void {
    this.change(node, gpus, cpu, memory, milli, -1);
  }

  private change(
    node: number,
    gpus: readonly number[],
    cpu: number,
    memory: number,
    milli: number,
    sign: 1 | -1,
  ): void {
    this.cpuFree[node] -= sign * cpu;
    this.memoryFree[node] -= sign * memory;
    if (Number.isFinite(this.cpuCapacity[node])) this.cpuTaken += sign * cpu;
    if (Number.isFinite(this.memoryCapacity[node])) this.memoryTaken += sign * memory;
    for (const g of gpus) {
      const wasBusy = this.gpuFree[g] < GPU_MILLI;
      this.gpuFree[g] -= sign * milli;
      this.gpusBusy += Number(this.gpuFree[g] < GPU_MILLI) - Number(wasBusy);
    }
    this.milliTaken += sign * milli * gpus.length;
    const kind = NodeLedger.kindOf(gpus.length, milli);
    if (kind >= 0) this.kinds[node * this.kindCount + kind] += sign;
    this.version[node]++;
    for (const listener of this.listeners) listener(node);
  }
}
