/**
 * Check a requested MIG geometry (profiles, optionally pinned to start positions): every way to place it, the
 * capacity each way strands, or every reason it cannot be built.
 */
import { InputError, quote } from "../input-error.ts";
import { placementSpace } from "./enumerate.ts";
import { findProfile, profileList } from "./names.ts";
import { add, canAdd, candidate, EMPTY_TALLY, layoutKey, tallyOf, type Tally } from "./tally.ts";
import type { GpuSpec, MigProfile, Placement, ProfileSelection } from "./types.ts";

/** One requested instance: a profile by name or id, optionally at a start (memory slices). */
export interface GeometryRequest {
  profile: string | number;
  start?: number;
}

export type ProblemKind =
  | "unknown-profile"
  | "bad-start"
  | "profile-count"
  | "media-extensions"
  | "compute-slices"
  | "memory-slices"
  | "overlap";

export interface GeometryProblem {
  kind: ProblemKind;
  message: string;
}

/** Capacity a layout leaves that no further instance of the selected profiles could use. */
export interface Stranded {
  /** Memory slices left free that no addable instance could cover. */
  memorySlices: number[];
  /** Free compute slices minus the most that any addable set of instances could use. */
  computeSlices: number;
}

export interface ValidPlacement {
  layout: Placement[];
  stranded: Stranded;
}

export type GeometryCheck =
  { valid: true; placements: ValidPlacement[] } | { valid: false; problems: GeometryProblem[] };

/** "3g.20gb@4" -> { profile: "3g.20gb", start: 4 }; "9" -> { profile: 9 }. */
export function parseRequest(text: string): GeometryRequest {
  const [name, at, ...rest] = text.split("@");
  // Digits only: Number("") is 0, and "-1" or "1e308" are no slice index.
  const start = at === undefined ? undefined : /^\d{1,2}$/.test(at) ? Number(at) : NaN;
  if (rest.length > 0 || name === "" || (start !== undefined && !Number.isInteger(start))) {
    throw new InputError(
      "command line",
      "PROFILE",
      "a MIG profile name or id, optionally @START (e.g. 3g.20gb@4)",
      text,
    );
  }
  // Ids are small numbers: a longer run of digits stays text, quoted as typed (Number would round it).
  const profile = /^\d{1,3}$/.test(name) ? Number(name) : name;
  return start === undefined ? { profile } : { profile, start };
}

const describe = (p: MigProfile, start?: number) => (start === undefined ? p.name : `${p.name}@${start}`);

export function checkGeometry(
  spec: GpuSpec,
  requests: readonly GeometryRequest[],
  selection?: ProfileSelection,
): GeometryCheck {
  const problems: GeometryProblem[] = [];
  const resolved: { profile: MigProfile; start?: number }[] = [];
  for (const r of requests) {
    const profile = findProfile(spec, r.profile);
    if (profile) resolved.push({ profile, start: r.start });
    else {
      const message = `${quote(r.profile)} is not a MIG profile of ${spec.name}; valid: ${profileList(spec)}`;
      problems.push({ kind: "unknown-profile", message });
    }
  }
  if (problems.length > 0) return { valid: false, problems };
  problems.push(...countProblems(spec, resolved));
  if (problems.length > 0) return { valid: false, problems };
  const layouts = placeAll(spec, resolved);
  if (layouts.length === 0) return { valid: false, problems: overlapProblems(resolved) };
  return {
    valid: true,
    placements: layouts.map((layout) => ({ layout, stranded: stranded(spec, layout, selection) })),
  };
}

/** Problems visible without placing anything: starts, per-profile and "+me" counts, slice totals. */
function countProblems(
  spec: GpuSpec,
  resolved: readonly { profile: MigProfile; start?: number }[],
): GeometryProblem[] {
  const problems: GeometryProblem[] = [];
  for (const { profile, start } of resolved) {
    if (start !== undefined && !profile.starts.includes(start)) {
      problems.push({
        kind: "bad-start",
        message: `${describe(profile, start)}: ${profile.name} may start only at ${profile.starts.join(", ")}`,
      });
    }
  }
  const profiles = resolved.map((r) => r.profile);
  for (const p of new Set(profiles)) {
    const n = profiles.filter((q) => q === p).length;
    if (n > p.maxCount) {
      problems.push({
        kind: "profile-count",
        message: `${n} x ${p.name} requested, at most ${p.maxCount} fit`,
      });
    }
  }
  const media = profiles.filter((p) => p.mediaExtensions).length;
  if (media > 1) {
    problems.push({
      kind: "media-extensions",
      message: `${media} "+me" instances requested, at most 1 per GPU`,
    });
  }
  const compute = profiles.reduce((s, p) => s + p.computeSlices, 0);
  if (compute > spec.computeSlices) {
    problems.push({
      kind: "compute-slices",
      message: `needs ${compute} compute slices, ${spec.name} has ${spec.computeSlices}`,
    });
  }
  const memory = profiles.reduce((s, p) => s + p.memorySlices, 0);
  if (memory > spec.memorySlices) {
    problems.push({
      kind: "memory-slices",
      message: `needs ${memory} memory slices, ${spec.name} has ${spec.memorySlices}`,
    });
  }
  return problems;
}

/** Pinned pairs that overlap by name; otherwise the geometry as a whole. */
function overlapProblems(resolved: readonly { profile: MigProfile; start?: number }[]): GeometryProblem[] {
  const pinned = resolved
    .filter((r) => r.start !== undefined)
    .map((r) => ({ ...r, c: candidate(r.profile, r.start!) }));
  const pairs = pinned.flatMap((a, i) =>
    pinned
      .slice(i + 1)
      .filter((b) => (a.c.mask & b.c.mask) !== 0)
      .map((b) => [a, b] as const),
  );
  if (pairs.length > 0) {
    return pairs.map(([a, b]) => ({
      kind: "overlap",
      message: `${describe(a.profile, a.start)} and ${describe(b.profile, b.start)} share memory slices`,
    }));
  }
  const wanted = resolved.map((r) => describe(r.profile, r.start)).join(" + ");
  return [{ kind: "overlap", message: `no placement of ${wanted} avoids overlapping memory slices` }];
}

/** Every distinct layout that places all requests (identical profiles are interchangeable). */
function placeAll(
  spec: GpuSpec,
  resolved: readonly { profile: MigProfile; start?: number }[],
): Placement[][] {
  // Pinned requests first, then larger profiles: prunes early, and the order does not change the result set.
  const order = [...resolved].sort(
    (a, b) =>
      Number(b.start !== undefined) - Number(a.start !== undefined) ||
      b.profile.memorySlices - a.profile.memorySlices,
  );
  const found = new Map<string, Placement[]>();
  const chosen: Placement[] = [];
  const walk = (i: number, tally: Tally): void => {
    if (i === order.length) {
      const key = layoutKey(chosen);
      if (!found.has(key))
        found.set(
          key,
          [...chosen].sort((a, b) => a.start - b.start),
        );
      return;
    }
    const { profile, start } = order[i];
    for (const s of start === undefined ? profile.starts : [start]) {
      const c = candidate(profile, s);
      if (!canAdd(spec, tally, c)) continue;
      chosen.push({ profileId: profile.id, start: s });
      walk(i + 1, add(tally, c));
      chosen.pop();
    }
  };
  walk(0, EMPTY_TALLY);
  return [...found.keys()].sort().map((k) => found.get(k)!);
}

/**
 * What a layout strands, judged against the instances of the selection that could still join it: a free memory
 * slice is stranded when no joinable instance covers it (any instance of a joinable set is joinable alone), and
 * free compute slices are stranded beyond the most that a joinable set of instances could use.
 */
export function stranded(
  spec: GpuSpec,
  layout: readonly Placement[],
  selection?: ProfileSelection,
): Stranded {
  const tally = tallyOf(spec, layout);
  if (typeof tally === "string")
    throw new RangeError(`stranded: invalid layout ${layoutKey(layout)} (${tally})`);
  const { candidates } = placementSpace(spec, selection);
  const coverable = candidates.filter((c) => canAdd(spec, tally, c)).reduce((m, c) => m | c.mask, 0);
  const mostCompute = (t: Tally, from: number): number => {
    let best = 0;
    for (let i = from; i < candidates.length && t.compute + best < spec.computeSlices; i++) {
      const c = candidates[i];
      if (canAdd(spec, t, c)) best = Math.max(best, c.profile.computeSlices + mostCompute(add(t, c), i + 1));
    }
    return best;
  };
  const memorySlices: number[] = [];
  for (let s = 0; s < spec.memorySlices; s++) {
    if (((tally.used | coverable) & (1 << s)) === 0) memorySlices.push(s);
  }
  return { memorySlices, computeSlices: spec.computeSlices - tally.compute - mostCompute(tally, 0) };
}
