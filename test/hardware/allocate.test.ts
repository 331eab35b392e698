import test from "ava";
import fc from "fast-check";
import {
  emptyMig,
  futureLayouts,
  gpu,
  gpus,
  migProfiles,
  migState,
  placeInstance,
  PLACEMENT_RULES,
  type MigState,
  type PlacementRule,
} from "../../sim/hardware/index.ts";

const a100 = gpu("A100-SXM4-40GB");

test("first fit takes the lowest free start", (t) => {
  const one = placeInstance(a100, emptyMig(a100), "1g.5gb")!;
  t.deepEqual(one.placement, { profileId: 19, start: 0 });
  t.deepEqual(placeInstance(a100, one.state, "1g.5gb")!.placement, { profileId: 19, start: 1 });
});

test("most-layouts puts a 3g at 4, keeping the 4g possible (first fit at 0 rules it out)", (t) => {
  const first = placeInstance(a100, emptyMig(a100), "3g.20gb", "first-fit")!;
  const best = placeInstance(a100, emptyMig(a100), "3g.20gb", "most-layouts")!;
  t.is(first.placement.start, 0);
  t.is(best.placement.start, 4);
  t.truthy(placeInstance(a100, best.state, "4g.20gb"));
  t.is(placeInstance(a100, first.state, "4g.20gb"), undefined);
});

test("an empty GPU can grow into every placement set plus staying empty", (t) => {
  t.is(futureLayouts(a100, emptyMig(a100)), 723); // 722 sets (nvidia-sharing.md §2) + the empty one
  t.is(futureLayouts(a100, emptyMig(a100), { profileIds: [19, 14, 9, 5, 0] }), 298);
});

test("nothing fits next to a 7g", (t) => {
  const full = placeInstance(a100, emptyMig(a100), "7g.40gb")!.state;
  for (const p of migProfiles(a100)) t.is(placeInstance(a100, full, p.id), undefined, p.name);
});

/** Memory slices each instance covers, recomputed from the catalog: the test's own overlap check. */
function overlaps(state: MigState, spec = a100): boolean {
  let used = 0;
  for (const p of state.instances) {
    const profile = migProfiles(spec).find((q) => q.id === p.profileId)!;
    const mask = ((1 << profile.memorySlices) - 1) << p.start;
    if (used & mask) return true;
    used |= mask;
  }
  return false;
}

const step = fc.record({
  gpu: fc.constantFrom(
    ...gpus()
      .filter((g) => g.memorySlices > 0)
      .map((g) => g.name),
  ),
  ops: fc.array(
    fc.record({
      free: fc.boolean(),
      pick: fc.nat(),
      rule: fc.constantFrom<PlacementRule>(...PLACEMENT_RULES),
    }),
    { maxLength: 30 },
  ),
});

/** A fresh GPU of the generated kind, and placing the profile an op picks by the op's rule. */
function onGpu(name: string) {
  const spec = gpu(name);
  const profiles = migProfiles(spec);
  const place = (state: MigState, op: { pick: number; rule: PlacementRule }) =>
    placeInstance(spec, state, profiles[op.pick % profiles.length].id, op.rule);
  return { spec, profiles, state: emptyMig(spec), place };
}

test("property: no accepted placement overlaps, and compute slices never exceed the GPU's", (t) => {
  fc.assert(
    fc.property(step, ({ gpu: name, ops }) => {
      const { spec, profiles, place, ...start } = onGpu(name);
      let state = start.state;
      for (const op of ops) {
        if (op.free && state.instances.length > 0) {
          const gone = op.pick % state.instances.length;
          state = migState(
            spec,
            state.instances.filter((_, i) => i !== gone),
          );
        } else {
          const placed = place(state, op);
          if (placed) state = placed.state;
        }
        const compute = state.instances.reduce(
          (s, p) => s + profiles.find((q) => q.id === p.profileId)!.computeSlices,
          0,
        );
        if (overlaps(state, spec) || compute > spec.computeSlices) return false;
      }
      return true;
    }),
  );
  t.pass();
});

test("property: most-layouts never leaves fewer future layouts than first fit", (t) => {
  fc.assert(
    fc.property(step, ({ gpu: name, ops }) => {
      const spec = gpu(name);
      const profiles = migProfiles(spec).filter((p) => !p.mediaExtensions);
      let state = emptyMig(spec);
      for (const op of ops) {
        const id = profiles[op.pick % profiles.length].id;
        const first = placeInstance(spec, state, id, "first-fit");
        const best = placeInstance(spec, state, id, "most-layouts");
        t.is(first === undefined, best === undefined);
        if (!first || !best) continue;
        if (futureLayouts(spec, best.state) < futureLayouts(spec, first.state)) return false;
        state = (op.free ? first : best).state;
      }
      return true;
    }),
  );
});
