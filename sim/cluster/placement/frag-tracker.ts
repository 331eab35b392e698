/** The cluster's fragmentation kept current: each node's class amounts, recomputed when the node changes. */
import { FRAG_CLASSES, type FragModel } from "./fragmentation.ts";
import type { NodeLedger } from "./node-ledger.ts";

const CLASSES = FRAG_CLASSES.length;

export class FragTracker {
  /** Milli-GPUs per class, over the cluster (FRAG_CLASSES order); their sum is the idle milli-GPUs. */
  readonly classes = new Float64Array(CLASSES);
  /** Fragmented milli-GPUs of the cluster (every class but q3_satisfied). */
  fragMilli = 0;
  private readonly perNode: Float64Array;
  private readonly fragOfNode: Float64Array;
  private readonly free: Int32Array;

  constructor(
    private readonly ledger: NodeLedger,
    readonly model: FragModel,
  ) {
    this.perNode = new Float64Array(ledger.count * CLASSES);
    this.fragOfNode = new Float64Array(ledger.count);
    this.free = new Int32Array(ledger.kindCount);
    for (let n = 0; n < ledger.count; n++) this.update(n);
    ledger.onChange((n) => this.update(n));
  }

  private update(node: number): void {
    const { ledger } = this;
    const gpuCount = ledger.copyGpuFree(node, this.free);
    const out = this.perNode.subarray(node * CLASSES, (node + 1) * CLASSES);
    for (let c = 0; c < CLASSES; c++) this.classes[c] -= out[c];
    this.fragMilli -= this.fragOfNode[node];
    this.fragOfNode[node] = this.model.fragment(
      ledger.cpuFree[node],
      this.free,
      gpuCount,
      ledger.modelOf[node],
      out,
    );
    for (let c = 0; c < CLASSES; c++) this.classes[c] += out[c];
    this.fragMilli += this.fragOfNode[node];
  }
}
