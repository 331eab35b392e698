/**
 * The MIG layout a student draws, through sim/hardware's rules only: where a profile may go next to the instances
 * already placed (checkGeometry with every instance pinned), what the layout strands, and a first layout that gives
 * each job an instance.
 */
import {
  checkGeometry,
  emptyMig,
  mpsClientLimit,
  placeInstance,
  stranded,
  type GpuSpec,
  type ModelMode,
  type MigProfile,
  type Placement,
  type Stranded,
} from "../../sim/hardware/index.ts";

export type Inside = ModelMode;

export interface Instance {
  /** "profileId@start": what jobs name their instance by. */
  key: string;
  placement: Placement;
  profile: MigProfile;
}

export const instanceKey = (p: Placement) => `${p.profileId}@${p.start}`;

/** The profiles a student may place: every GPU-instance profile but the "+me" copies of the small ones. */
export function placeableProfiles(spec: GpuSpec): MigProfile[] {
  return spec.migProfiles.filter((p) => !p.mediaExtensions);
}

/** The layout's instances, by start. */
export function instancesOf(spec: GpuSpec, layout: readonly Placement[]): Instance[] {
  return [...layout]
    .sort((a, b) => a.start - b.start)
    .map((placement) => ({
      key: instanceKey(placement),
      placement,
      profile: spec.migProfiles.find((p) => p.id === placement.profileId)!,
    }));
}

export interface StartOption {
  start: number;
  /** Undefined when the profile can go there; else why not, in sim/hardware's words. */
  problem?: string;
}

/** Every start of the profile, each either possible next to the layout or refused with the reason. */
export function startOptions(
  spec: GpuSpec,
  layout: readonly Placement[],
  profile: MigProfile,
): StartOption[] {
  const pinned = layout.map((p) => ({ profile: p.profileId, start: p.start }));
  return profile.starts.map((start) => {
    const check = checkGeometry(spec, [...pinned, { profile: profile.id, start }]);
    return check.valid ? { start } : { start, problem: check.problems.map((p) => p.message).join("; ") };
  });
}

/** What the layout leaves that no instance could still use (sim/hardware's `stranded`). */
export function strandedBy(spec: GpuSpec, layout: readonly Placement[]): Stranded {
  return stranded(spec, layout);
}

/** How many jobs an instance takes: one alone, any number time-sliced, MPS's client limit for its size. */
export function jobsPerInstance(spec: GpuSpec, profile: MigProfile, inside: Inside): number {
  if (inside === "exclusive") return 1;
  return inside === "mps" ? mpsClientLimit(spec, profile.computeSlices) : Infinity;
}

/**
 * A first layout for `jobs` jobs: as many equal instances, of the largest profile that many of fit (one 7g for
 * one job, two 3g for two, ...), placed first-fit.
 */
export function defaultLayout(spec: GpuSpec, jobs: number): Placement[] {
  const bySize = [...placeableProfiles(spec)].sort(
    (a, b) => b.computeSlices - a.computeSlices || b.memorySlices - a.memorySlices,
  );
  for (let n = Math.min(jobs, spec.computeSlices); n > 1; n--) {
    const profile = bySize.find((p) => p.maxCount >= n && n * p.computeSlices <= spec.computeSlices);
    if (profile) return placeCopies(spec, profile, n);
  }
  return placeCopies(spec, bySize[0], 1);
}

function placeCopies(spec: GpuSpec, profile: MigProfile, n: number): Placement[] {
  let state = emptyMig(spec);
  for (let k = 0; k < n; k++) {
    const placed = placeInstance(spec, state, profile);
    if (!placed) break;
    state = placed.state;
  }
  return [...state.instances];
}
