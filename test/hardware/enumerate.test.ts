/** Counts to reproduce come from nvidia-sharing.md §2 (independent of this code). */
import test from "ava";
import {
  enumeratePlacements,
  gpu,
  gpus,
  maximalLayouts,
  migProfiles,
  multisetKey,
  emptyMig,
  migState,
  placeInstance,
  type GpuSpec,
  type ProfileSelection,
} from "../../sim/hardware/index.ts";

const EIGHT_SLICE = gpus().filter((g) => g.memorySlices === 8);
const WITHOUT_15: ProfileSelection = { profileIds: [19, 14, 9, 5, 0] };

function counts(spec: GpuSpec, selection?: ProfileSelection) {
  const all = enumeratePlacements(spec, selection);
  const max = maximalLayouts(spec, selection);
  return {
    sets: all.length,
    setMixes: new Set(all.map(multisetKey)).size,
    maximal: max.length,
    maximalMixes: new Set(max.map(multisetKey)).size,
  };
}

test("A100/H100/H200 class without the 2-slice 1g: 297 sets (37 mixes), 19 maximal layouts (14 mixes)", (t) => {
  t.is(EIGHT_SLICE.length, 5);
  for (const g of EIGHT_SLICE) {
    t.deepEqual(counts(g, WITHOUT_15), { sets: 297, setMixes: 37, maximal: 19, maximalMixes: 14 }, g.name);
  }
});

test("with the 2-slice 1g (the default selection): 722 sets (77 mixes), 78 maximal layouts (38 mixes)", (t) => {
  for (const g of EIGHT_SLICE) {
    t.deepEqual(counts(g), { sets: 722, setMixes: 77, maximal: 78, maximalMixes: 38 }, g.name);
    t.deepEqual(counts(g, { profileIds: [19, 15, 14, 9, 5, 0] }), counts(g), g.name);
  }
});

test("A30: 25 sets (9 mixes) and the 5 maximal layouts listed in §2", (t) => {
  const a30 = gpu("A30");
  t.like(counts(a30), { sets: 25, setMixes: 9, maximal: 5 });
  const text = maximalLayouts(a30).map((l) =>
    l.map((p) => `${migProfiles(a30).find((q) => q.id === p.profileId)!.name}`).join("+"),
  );
  t.deepEqual(
    [...text].sort(),
    [
      "1g.6gb+1g.6gb+1g.6gb+1g.6gb",
      "1g.6gb+1g.6gb+2g.12gb",
      "2g.12gb+1g.6gb+1g.6gb",
      "2g.12gb+2g.12gb",
      "4g.24gb",
    ].sort(),
  );
});

// An independent brute force: every subset of (profile, start) candidates whose memory ranges do not overlap,
// with no compute-slice, count or "+me" rule. Equal counts show those rules never bind for these profiles.
function bruteForce(spec: GpuSpec, ids: readonly number[]): number {
  const candidates = migProfiles(spec)
    .filter((p) => ids.includes(p.id))
    .flatMap((p) => p.starts.map((s) => ((1 << p.memorySlices) - 1) << s));
  let n = 0;
  for (let subset = 1; subset < 1 << candidates.length; subset++) {
    let used = 0;
    let ok = true;
    for (let i = 0; ok && i < candidates.length; i++) {
      if (!(subset & (1 << i))) continue;
      ok = (used & candidates[i]) === 0;
      used |= candidates[i];
    }
    if (ok) n++;
  }
  return n;
}

test("memory-slice overlap alone reproduces the counts: the compute-slice limit never binds", (t) => {
  const a100 = gpu("A100-40GB");
  t.is(bruteForce(a100, [19, 14, 9, 5, 0]), enumeratePlacements(a100, WITHOUT_15).length);
  t.is(bruteForce(a100, [19, 15, 14, 9, 5, 0]), enumeratePlacements(a100).length);
  t.is(bruteForce(gpu("A30"), [14, 5, 0]), enumeratePlacements(gpu("A30")).length);
});

test("no profile of the selection can be added to a maximal layout; one can to every other set", (t) => {
  const a100 = gpu("A100-40GB");
  const addable = (layout: Parameters<typeof migState>[1]) =>
    WITHOUT_15.profileIds!.some((id) => placeInstance(a100, migState(a100, layout), id) !== undefined);
  const maximal = new Set(maximalLayouts(a100, WITHOUT_15).map((l) => JSON.stringify(l)));
  for (const layout of enumeratePlacements(a100, WITHOUT_15)) {
    t.is(addable(layout), !maximal.has(JSON.stringify(layout)), JSON.stringify(layout));
  }
  t.true(addable(emptyMig(a100).instances));
});

test("media-extension profiles enter only when asked, at most one per layout", (t) => {
  const a100 = gpu("A100-40GB");
  const withMe = enumeratePlacements(a100, { mediaExtensions: true });
  t.true(withMe.length > enumeratePlacements(a100).length);
  t.false(enumeratePlacements(a100).some((l) => l.some((p) => p.profileId === 20)));
  t.true(withMe.every((l) => l.filter((p) => p.profileId === 20).length <= 1));
  const a30 = gpu("A30");
  t.true(
    enumeratePlacements(a30, { mediaExtensions: true }).every(
      (l) => l.filter((p) => p.profileId === 21 || p.profileId === 6).length <= 1,
    ),
  );
});

test("enumeration is cached: the same GPU and selection answer the same sets", (t) => {
  t.deepEqual(enumeratePlacements(gpu("H200")), enumeratePlacements(gpu("H200-141GB")));
});
