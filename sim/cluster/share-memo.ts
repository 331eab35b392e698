/**
 * Memo of sharing-model results per co-runner set: the same sets recur millions of times in a large run, so
 * the model runs once per distinct (device kind, workloads in order, caps). The memo is a trie over small integers
 * (the kind, then each co-runner's workload and caps), so a hit walks a few maps and allocates nothing.
 */
import type { CoRunner, GpuView, SharingSetup, ShareResult, WorkloadProfile } from "../sharing/types.ts";

/** The sharing model as the engine calls it (sim/sharing's `share` with the GPU's fitted parameters bound). */
export type ShareFn = (gpu: GpuView, setup: SharingSetup, coRunners: CoRunner[]) => ShareResult;

/** Co-runners as the cluster keeps them, one column per field, one entry per job (a Device holds these). */
export interface CoRunnerColumns {
  /** Profile index of each job's phase (Phases). */
  readonly workloads: readonly number[];
  readonly smLimits: readonly (number | undefined)[];
  readonly memoryLimits: readonly (number | undefined)[];
}

/** No co-runners: what an idle device of a kind reports. */
export const NO_CO_RUNNERS: CoRunnerColumns = { workloads: [], smLimits: [], memoryLimits: [] };

export interface Kind {
  gpu: GpuView;
  setup: SharingSetup;
}

/** A trie node: the result for the co-runners on the path to it, and the nodes one co-runner further. */
interface Node {
  result?: ShareResult;
  next: Map<number, Node>;
}

const node = (): Node => ({ next: new Map() });

export class ShareMemo {
  private readonly root = node();
  private readonly kinds: Kind[] = [];
  private readonly kindIds = new Map<string, number>();
  /** (SM cap, memory cap) pairs as small integers: SM cap (-1 none) -> memory cap (-1 none) -> id. */
  private readonly caps = new Map<number, Map<number, number>>();
  private capCount = 0;
  private results = 0;

  constructor(
    private readonly share: ShareFn,
    private readonly profiles: readonly WorkloadProfile[],
  ) {}

  /** A small integer for (GPU, setup), registered on first use. */
  kind(key: string, kind: Kind): number {
    let id = this.kindIds.get(key);
    if (id === undefined) {
      id = this.kinds.length;
      this.kinds.push(kind);
      this.kindIds.set(key, id);
    }
    return id;
  }

  private capId(smLimit: number | undefined, memoryLimit: number | undefined): number {
    let bySm = this.caps.get(smLimit ?? -1);
    if (bySm === undefined) this.caps.set(smLimit ?? -1, (bySm = new Map()));
    let id = bySm.get(memoryLimit ?? -1);
    if (id === undefined) bySm.set(memoryLimit ?? -1, (id = this.capCount++));
    return id;
  }

  /** Result for the co-runners `order` picks (in that order, with their caps) on a device of `kind`. */
  get(kind: number, coRunners: CoRunnerColumns, order: readonly number[]): ShareResult {
    const { workloads, smLimits, memoryLimits } = coRunners;
    let at = this.step(this.root, kind);
    for (const i of order) {
      // Unique per (workload, caps): workload indexes are below profiles.length.
      at = this.step(at, this.capId(smLimits[i], memoryLimits[i]) * this.profiles.length + workloads[i]);
    }
    if (at.result === undefined) {
      const coRunners: CoRunner[] = order.map((i) => ({
        profile: this.profiles[workloads[i]],
        smLimit: smLimits[i],
        memoryLimitBytes: memoryLimits[i],
      }));
      const { gpu, setup } = this.kinds[kind];
      at.result = this.share(gpu, setup, coRunners);
      this.results++;
    }
    return at.result;
  }

  private step(from: Node, key: number): Node {
    let to = from.next.get(key);
    if (to === undefined) from.next.set(key, (to = node()));
    return to;
  }

  get size(): number {
    return this.results;
  }
}
