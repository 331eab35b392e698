import test from "ava";
import { checkGeometry, gpu, parseRequest, type GeometryCheck } from "../../sim/hardware/index.ts";

const a100 = gpu("A100-SXM4-40GB");
const req = (...names: string[]) => names.map(parseRequest);
const placements = (c: GeometryCheck) => (c.valid ? c.placements : []);
const kinds = (c: GeometryCheck) => (c.valid ? [] : c.problems.map((p) => p.kind));

// paper.md: mixes 332, 342 and 352 of experiment 37 exceed 7 compute slices on the study's A100.
test("the study's three impossible MIG mixes are rejected for their compute slices", (t) => {
  for (const [mix, slices] of [
    [req("4g.20gb", "2g.10gb", "2g.10gb"), 8],
    [req("4g.20gb", "2g.10gb", "1g.5gb", "1g.5gb"), 8],
    [req("4g.20gb", "2g.10gb", "1g.5gb", "1g.5gb", "1g.5gb"), 9],
  ] as const) {
    const c = checkGeometry(a100, mix);
    t.is(kinds(c)[0], "compute-slices");
    if (!c.valid)
      t.true(c.problems[0].message.includes(`needs ${slices} compute slices, A100-SXM4-40GB has 7`));
  }
});

test("the study's buildable geometries are accepted with their placements", (t) => {
  const seven = checkGeometry(a100, req(...Array(7).fill("1g.5gb")));
  t.is(placements(seven).length, 1);
  t.deepEqual(
    placements(checkGeometry(a100, req("2g.10gb", "2g.10gb", "2g.10gb")))[0].layout.map((p) => p.start),
    [0, 2, 4],
  );
  t.deepEqual(
    placements(checkGeometry(a100, req("3g.20gb", "3g.20gb")))[0].layout.map((p) => p.start),
    [0, 4],
  );
  t.deepEqual(placements(checkGeometry(a100, req("4g.20gb", "3g.20gb")))[0].layout, [
    { profileId: 5, start: 0 },
    { profileId: 9, start: 4 },
  ]);
  t.is(placements(checkGeometry(a100, req("7g.40gb"))).length, 1);
});

// nvidia-sharing.md §2: "3g@0 without 4g strands one compute slice; 1g x7 leaves memory slice 7 unused".
test("stranded capacity matches the reference examples", (t) => {
  const twoThree = placements(checkGeometry(a100, req("3g.20gb", "3g.20gb")))[0];
  t.deepEqual(twoThree.stranded, { memorySlices: [], computeSlices: 1 });
  const seven = placements(checkGeometry(a100, req(...Array(7).fill("1g.5gb"))))[0];
  t.deepEqual(seven.stranded, { memorySlices: [7], computeSlices: 0 });
  // 3g@0 alone: 4g can never join, so one compute slice is stranded even though slices 4-7 are free.
  t.deepEqual(placements(checkGeometry(a100, req("3g.20gb@0")))[0].stranded, {
    memorySlices: [],
    computeSlices: 1,
  });
  t.deepEqual(placements(checkGeometry(a100, req("4g.20gb", "3g.20gb")))[0].stranded, {
    memorySlices: [],
    computeSlices: 0,
  });
});

test("every valid placement of an unpinned geometry is listed once", (t) => {
  // Two 1g.5gb among 7 starts: C(7,2) = 21 distinct layouts, identical instances being interchangeable.
  t.is(placements(checkGeometry(a100, req("1g.5gb", "1g.5gb"))).length, 21);
  // One 2g.10gb (starts 0,2,4) and one 1g.5gb (7 starts, minus the 2 under the 2g): 3 x 5 = 15.
  t.is(placements(checkGeometry(a100, req("2g.10gb", "1g.5gb"))).length, 15);
});

test("pinned starts: overlap and disallowed starts are named", (t) => {
  t.deepEqual(kinds(checkGeometry(a100, req("3g.20gb@0", "4g.20gb"))), ["overlap"]);
  const pinned = checkGeometry(a100, req("3g.20gb@4", "2g.10gb@4", "1g.5gb@0"));
  t.deepEqual(pinned.valid ? [] : pinned.problems.map((p) => p.message), [
    "3g.20gb@4 and 2g.10gb@4 share memory slices",
  ]);
  t.deepEqual(kinds(checkGeometry(a100, req("3g.20gb@2"))), ["bad-start"]);
  t.deepEqual(placements(checkGeometry(a100, req("3g.20gb@4", "4g.20gb")))[0].layout, [
    { profileId: 5, start: 0 },
    { profileId: 9, start: 4 },
  ]);
});

test("too many instances of a profile, too many +me, unknown profiles", (t) => {
  t.deepEqual(kinds(checkGeometry(a100, req(...Array(8).fill("1g.5gb")))), [
    "profile-count",
    "compute-slices",
  ]);
  t.deepEqual(kinds(checkGeometry(a100, req("1g.5gb+me", "1g.5gb+me"))), [
    "profile-count",
    "media-extensions",
  ]);
  t.deepEqual(kinds(checkGeometry(gpu("A30"), req("1g.6gb+me", "2g.12gb+me"))), ["media-extensions"]);
  const unknown = checkGeometry(a100, req("5g.30gb"));
  t.deepEqual(kinds(unknown), ["unknown-profile"]);
  if (!unknown.valid)
    for (const name of ["1g.5gb", "3g.20gb", "7g.40gb"]) t.true(unknown.problems[0].message.includes(name));
});

test("memory slices beyond the GPU are reported even when compute fits", (t) => {
  // Four 1g.10gb (2 memory slices each) plus a 1g.5gb: 9 memory slices, 5 compute slices.
  t.deepEqual(kinds(checkGeometry(a100, req("1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb", "1g.5gb"))), [
    "memory-slices",
  ]);
});

test("profiles by id and @start parse", (t) => {
  t.deepEqual(parseRequest("3g.20gb@4"), { profile: "3g.20gb", start: 4 });
  t.deepEqual(parseRequest("9"), { profile: 9 });
  t.true(checkGeometry(a100, [{ profile: 9 }, { profile: 9 }]).valid);
  t.throws(() => parseRequest("3g.20gb@x"));
  t.throws(() => parseRequest("3g.20gb@1@2"));
  // An empty start is no start 0, and a negative or huge one is no slice index.
  for (const bad of ["3g.20gb@", "3g.20gb@-1", "3g.20gb@1e308"])
    t.throws(
      () => parseRequest(bad),
      { message: /PROFILE: expected a MIG profile name or id, optionally @START/ },
      bad,
    );
});
