/**
 * A partly used MIG GPU as an immutable value: place one more GPU instance by a named rule. The explore page's
 * MIG editor places instances so (the simulator's re-partitioning plans whole layouts: reconfigure.ts); the score
 * of the "most-layouts" rule is cached per layout, as a student tries the same layouts again and again.
 */
import { placementSpace } from "./enumerate.ts";
import { migProfile } from "./names.ts";
import { canAdd, candidate, compatible, layoutKey, sortLayout, tallyOf, type Tally } from "./tally.ts";
import type { GpuSpec, MigProfile, Placement, ProfileSelection } from "./types.ts";

export interface MigState {
  /** GPU instances, sorted by start. */
  instances: readonly Placement[];
  tally: Tally;
}

/**
 * How to choose among the starts where a profile fits:
 * - "first-fit": the lowest start;
 * - "most-layouts": the start that leaves the most future layouts (`futureLayouts`), lowest start on ties.
 */
export type PlacementRule = "first-fit" | "most-layouts";

export const PLACEMENT_RULES: readonly PlacementRule[] = ["first-fit", "most-layouts"];

export function emptyMig(spec: GpuSpec): MigState {
  return migState(spec, []);
}

/** The state holding exactly these instances; throws when they cannot coexist. */
export function migState(spec: GpuSpec, instances: readonly Placement[]): MigState {
  const sorted = sortLayout(instances);
  const tally = tallyOf(spec, sorted);
  if (typeof tally === "string") throw new RangeError(`invalid MIG layout ${layoutKey(sorted)} (${tally})`);
  return { instances: sorted, tally };
}

const futureCache = new WeakMap<object, Map<string, number>>();

/**
 * How many placement sets of the selection (the empty one included) could still be added next to the state's
 * instances: the number of layouts the GPU can still grow into.
 */
export function futureLayouts(spec: GpuSpec, state: MigState, selection?: ProfileSelection): number {
  const space = placementSpace(spec, selection);
  let memo = futureCache.get(space);
  if (!memo) futureCache.set(space, (memo = new Map()));
  const key = layoutKey(state.instances);
  let n = memo.get(key);
  if (n === undefined) {
    n = 1 + space.sets.filter((s) => compatible(spec, state.tally, s.tally)).length;
    memo.set(key, n);
  }
  return n;
}

/** Place one instance of the profile by the rule; undefined when it fits nowhere. */
export function placeInstance(
  spec: GpuSpec,
  state: MigState,
  profile: string | number | MigProfile,
  rule: PlacementRule = "first-fit",
  selection?: ProfileSelection,
): { state: MigState; placement: Placement } | undefined {
  const p = typeof profile === "object" ? profile : migProfile(spec, profile);
  const starts = p.starts.filter((s) => canAdd(spec, state.tally, candidate(p, s)));
  const placed = (start: number) => {
    const placement = { profileId: p.id, start };
    return { placement, state: migState(spec, [...state.instances, placement]) };
  };
  if (starts.length === 0) return undefined;
  if (rule === "first-fit" || starts.length === 1) return placed(starts[0]);
  let best = placed(starts[0]);
  let bestScore = futureLayouts(spec, best.state, selection);
  for (const start of starts.slice(1)) {
    const option = placed(start);
    const score = futureLayouts(spec, option.state, selection);
    if (score > bestScore) [best, bestScore] = [option, score];
  }
  return best;
}
