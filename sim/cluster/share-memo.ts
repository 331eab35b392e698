/**
 * Memo of sharing-model results per co-runner set: the same sets recur millions of times in a large run, so
 * the model runs once per distinct (device kind, workloads in order, caps) and a hit allocates nothing.
 */
import type { CoRunner, GpuView, SharingSetup, ShareResult, WorkloadProfile } from "../sharing/types.ts";

/** The sharing model as the engine calls it (sim/sharing's `share` with the GPU's fitted parameters bound). */
export type ShareFn = (gpu: GpuView, setup: SharingSetup, coRunners: CoRunner[]) => ShareResult;

export interface Kind {
  gpu: GpuView;
  setup: SharingSetup;
}

export class ShareMemo {
  private readonly cache = new Map<string, ShareResult>();
  private readonly kinds: Kind[] = [];
  private readonly kindIds = new Map<string, number>();

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

  /** Result for workloads `w[order[i]]` (with their caps) on a device of `kind`, co-runners in that order. */
  get(
    kind: number,
    workloads: readonly number[],
    smLimits: readonly (number | undefined)[],
    memoryLimits: readonly (number | undefined)[],
    order: readonly number[],
  ): ShareResult {
    let key = String(kind);
    for (const i of order) key += `|${workloads[i]}/${smLimits[i] ?? ""}/${memoryLimits[i] ?? ""}`;
    let result = this.cache.get(key);
    if (result === undefined) {
      const coRunners: CoRunner[] = order.map((i) => ({
        profile: this.profiles[workloads[i]],
        smLimit: smLimits[i],
        memoryLimitBytes: memoryLimits[i],
      }));
      const { gpu, setup } = this.kinds[kind];
      result = this.share(gpu, setup, coRunners);
      this.cache.set(key, result);
    }
    return result;
  }

  get size(): number {
    return this.cache.size;
  }
}
