/**
 * The rules that decide whether one more GPU instance fits next to others, over a small running tally:
 * a bitmask of used memory slices, the compute slices used, instances per profile and "+me" instances.
 * Every MIG function (enumerate, check, place, reconfigure) goes through `canAdd`, so the rules live here only.
 */
import { profileById } from "./names.ts";
import type { GpuSpec, MigProfile, Placement } from "./types.ts";

/** A profile at one of its allowed starts, with its memory-slice bitmask. */
export interface Candidate {
  profile: MigProfile;
  start: number;
  mask: number;
}

export interface Tally {
  used: number;
  compute: number;
  /** Instances per profile id. */
  counts: ReadonlyMap<number, number>;
  media: number;
}

export const EMPTY_TALLY: Tally = { used: 0, compute: 0, counts: new Map(), media: 0 };

/** Bits start .. start+size-1: the memory slices an instance covers. */
export function sliceMask(start: number, size: number): number {
  return ((1 << size) - 1) << start;
}

export function candidate(profile: MigProfile, start: number): Candidate {
  return { profile, start, mask: sliceMask(start, profile.memorySlices) };
}

/** Why a candidate cannot join the tally, or undefined when it can. */
export type Refusal = "overlap" | "compute-slices" | "profile-count" | "media-extensions";

export function refusal(spec: GpuSpec, tally: Tally, c: Candidate): Refusal | undefined {
  if ((tally.used & c.mask) !== 0) return "overlap";
  if (tally.compute + c.profile.computeSlices > spec.computeSlices) return "compute-slices";
  if ((tally.counts.get(c.profile.id) ?? 0) >= c.profile.maxCount) return "profile-count";
  // At most one instance with media extensions per GPU (NVIDIA MIG user guide, "+me" profiles).
  if (c.profile.mediaExtensions && tally.media >= 1) return "media-extensions";
  return undefined;
}

export function canAdd(spec: GpuSpec, tally: Tally, c: Candidate): boolean {
  return refusal(spec, tally, c) === undefined;
}

export function add(tally: Tally, c: Candidate): Tally {
  const counts = new Map(tally.counts);
  counts.set(c.profile.id, (counts.get(c.profile.id) ?? 0) + 1);
  return {
    used: tally.used | c.mask,
    compute: tally.compute + c.profile.computeSlices,
    counts,
    media: tally.media + (c.profile.mediaExtensions ? 1 : 0),
  };
}

/** Whether two valid tallies can be merged: no shared slice, and every limit holds for the sum. */
export function compatible(spec: GpuSpec, a: Tally, b: Tally): boolean {
  if ((a.used & b.used) !== 0 || a.compute + b.compute > spec.computeSlices || a.media + b.media > 1)
    return false;
  for (const [id, n] of b.counts) {
    if ((a.counts.get(id) ?? 0) + n > profileById(spec, id).maxCount) return false;
  }
  return true;
}

/** The tally of a layout, or the first rule it breaks. */
export function tallyOf(spec: GpuSpec, layout: readonly Placement[]): Tally | Refusal {
  let tally = EMPTY_TALLY;
  for (const p of layout) {
    const c = candidate(profileById(spec, p.profileId), p.start);
    const why = refusal(spec, tally, c);
    if (why) return why;
    tally = add(tally, c);
  }
  return tally;
}

/** Placements sorted by start: the canonical form of a layout (instances never share a start). */
export function sortLayout(layout: readonly Placement[]): Placement[] {
  return [...layout].sort((a, b) => a.start - b.start || a.profileId - b.profileId);
}

/** A stable text key for a layout, e.g. "9@0,9@4". */
export function layoutKey(layout: readonly Placement[]): string {
  return sortLayout(layout)
    .map((p) => `${p.profileId}@${p.start}`)
    .join(",");
}
