/**
 * Every valid MIG placement set of a GPU, and the maximal ones (the layouts an administrator can end up with).
 * A depth-first walk over (profile, start) candidates, adding one only when `canAdd` allows it; computed once per
 * GPU and profile selection, then served from a cache because the simulator asks in hot loops.
 */
import { profileById } from "./names.ts";
import { add, canAdd, candidate, EMPTY_TALLY, sortLayout, type Candidate, type Tally } from "./tally.ts";
import type { GpuSpec, MigProfile, Placement, ProfileSelection } from "./types.ts";

/** One placement set with its tally, so callers can test what still fits next to it. */
export interface PlacementSet {
  layout: readonly Placement[];
  tally: Tally;
  maximal: boolean;
}

/** The candidates of a selection and all its placement sets (the empty set excluded). */
export interface PlacementSpace {
  profiles: readonly MigProfile[];
  candidates: readonly Candidate[];
  sets: readonly PlacementSet[];
  layouts: readonly (readonly Placement[])[];
  maximal: readonly (readonly Placement[])[];
}

/** The profiles a selection considers: the listed ids, else every profile (with "+me" only when asked). */
export function selectedProfiles(spec: GpuSpec, selection: ProfileSelection = {}): MigProfile[] {
  if (selection.profileIds) return selection.profileIds.map((id) => profileById(spec, id));
  return spec.migProfiles.filter((p) => selection.mediaExtensions || !p.mediaExtensions);
}

const cache = new Map<string, PlacementSpace>();

export function placementSpace(spec: GpuSpec, selection: ProfileSelection = {}): PlacementSpace {
  const profiles = selectedProfiles(spec, selection);
  const key = `${spec.name}|${profiles.map((p) => p.id).join(",")}`;
  let space = cache.get(key);
  if (!space) {
    space = build(spec, profiles);
    cache.set(key, space);
  }
  return space;
}

function build(spec: GpuSpec, profiles: readonly MigProfile[]): PlacementSpace {
  // Largest profiles first, so listings start with the whole-GPU instance.
  const candidates = [...profiles]
    .sort((a, b) => b.memorySlices - a.memorySlices || b.computeSlices - a.computeSlices || a.id - b.id)
    .flatMap((p) => p.starts.map((s) => candidate(p, s)));
  const sets: PlacementSet[] = [];
  const chosen: Candidate[] = [];
  const walk = (from: number, tally: Tally): void => {
    for (let i = from; i < candidates.length; i++) {
      const c = candidates[i];
      if (!canAdd(spec, tally, c)) continue;
      chosen.push(c);
      const next = add(tally, c);
      // Frozen: the cache hands the same arrays to every caller.
      const layout = Object.freeze(
        sortLayout(chosen.map((x) => Object.freeze({ profileId: x.profile.id, start: x.start }))),
      );
      sets.push({
        layout,
        tally: next,
        maximal: candidates.every((d) => !canAdd(spec, next, d)),
      });
      walk(i + 1, next);
      chosen.pop();
    }
  };
  walk(0, EMPTY_TALLY);
  const layouts = sets.map((s) => s.layout);
  const maximal = sets.filter((s) => s.maximal).map((s) => s.layout);
  return { profiles, candidates, sets, layouts, maximal };
}

/** Every non-empty set of instances that can coexist on the GPU (each sorted by start). */
export function enumeratePlacements(
  spec: GpuSpec,
  selection?: ProfileSelection,
): readonly (readonly Placement[])[] {
  return placementSpace(spec, selection).layouts;
}

/** The placement sets to which no instance of the selected profiles can be added. */
export function maximalLayouts(
  spec: GpuSpec,
  selection?: ProfileSelection,
): readonly (readonly Placement[])[] {
  return placementSpace(spec, selection).maximal;
}

/** The profile ids of a layout as a sorted multiset key, e.g. "9,9" (to count distinct profile mixes). */
export function multisetKey(layout: readonly Placement[]): string {
  return layout
    .map((p) => p.profileId)
    .sort((a, b) => a - b)
    .join(",");
}
