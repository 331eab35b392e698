/**
 * Memo of sharing-model results per co-runner set: the same sets recur millions of times in a large run, so
 * the model runs once per distinct (device kind, workloads in order, caps) and a hit allocates only its key.
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

  /** Result for the co-runners `order` picks (in that order, with their caps) on a device of `kind`. */
  get(kind: number, coRunners: CoRunnerColumns, order: readonly number[]): ShareResult {
    const { workloads, smLimits, memoryLimits } = coRunners;
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
