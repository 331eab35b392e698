import test from "ava";
import { parse } from "yaml";
import { readFileSync } from "node:fs";
import {
  checkPaths,
  expandGrid,
  parseShard,
  parseSweep,
  pointScenario,
  shardPoints,
} from "../../../sim/cluster/sweep/grid.ts";

const sweepText = `
base: base.yaml
axes:
  - name: sharing
    values:
      - { scheduler.policy: mps-pack, hardware.gpus.0.sharing.mode: mps }
      - { scheduler.policy: naive-pack, hardware.gpus.0.sharing.mode: naive }
  - path: seed
    values: [1, 2, 3]
`;

test("the grid is the product of the axes, the first varying slowest", (t) => {
  const points = expandGrid(parseSweep(sweepText, "grid.yaml"));
  t.deepEqual(
    points.map((p) => [
      p.id,
      (p.values.sharing as Record<string, string>)["scheduler.policy"],
      p.values.seed,
    ]),
    [
      ["p0000", "mps-pack", 1],
      ["p0001", "mps-pack", 2],
      ["p0002", "mps-pack", 3],
      ["p0003", "naive-pack", 1],
      ["p0004", "naive-pack", 2],
      ["p0005", "naive-pack", 3],
    ],
  );
});

test("a point's scenario is the base with its fields set and its id in the name", (t) => {
  const base =
    "name: base\nseed: 7\nhardware:\n  gpus:\n    - gpu: H200\n      sharing: { mode: mps }\nscheduler:\n  policy: mps-pack\n";
  const point = expandGrid(parseSweep(sweepText, "grid.yaml"))[4];
  const scenario = parse(pointScenario(base, "base.yaml", point));
  t.is(scenario.name, "base-p0004");
  t.is(scenario.seed, 2);
  t.is(scenario.scheduler.policy, "naive-pack");
  t.is(scenario.hardware.gpus[0].sharing.mode, "naive");
  t.is(scenario.hardware.gpus[0].gpu, "H200");
});

test("shards partition the grid", (t) => {
  const points = expandGrid(parseSweep(sweepText, "grid.yaml"));
  const shards = [1, 2, 3, 4].map((index) => shardPoints(points, parseShard(`${index}/4`)));
  t.deepEqual(
    shards
      .flat()
      .map((p) => p.index)
      .sort(),
    [0, 1, 2, 3, 4, 5],
  );
});

test("a sweep file without axes is bad input naming the field", (t) => {
  const error = t.throws(() => parseSweep("base: b.yaml\naxes: []\n", "grid.yaml"));
  t.regex(error.message, /^grid\.yaml: axes: expected at least 1 item/);
});

test("an axis value that is no plain value (.nan, a list) says what an axis takes", (t) => {
  for (const [values, got] of [
    ["[1, .nan]", "NaN"],
    ["[[1], 2]", "[1]"],
  ])
    t.is(
      t.throws(() => parseSweep(`base: b.yaml\naxes:\n  - { path: seed, values: ${values} }\n`, "grid.yaml"))
        .message,
      `grid.yaml: axes[0].values[${got === "NaN" ? 1 : 0}]: expected a plain value: text, a finite number or true/false, got ${got}`,
    );
});

test("a grid past the points limit is refused from its axes' lengths, before any point is built", (t) => {
  const axes = Array.from({ length: 8 }, (_, i) => ({
    name: `a${i}`,
    path: "seed",
    values: Array.from({ length: 20 }, (_, v) => v),
  }));
  const text = JSON.stringify({ base: "b.yaml", axes });
  const error = t.throws(() => parseSweep(text, "grid.yaml"));
  t.is(
    error?.message,
    "grid.yaml: axes: expected a grid of at most 10000 points (the limit; limits.points raises it, up to 100000), got 25600000000",
  );
  t.is(
    expandGrid(
      parseSweep(JSON.stringify({ base: "b.yaml", axes: axes.slice(0, 2), limits: { points: 400 } }), "g"),
    ).length,
    400,
  );
});

test("axis paths name fields, and one the base scenario has no room for is bad input", (t) => {
  const bad = t.throws(() => parseSweep("base: b.yaml\naxes: [{ path: a..b, values: [1] }]\n", "grid.yaml"));
  t.is(bad?.message, 'grid.yaml: axes[0]: expected field paths like jobs.list.0.arrival_s, got "a..b"');
  const point = expandGrid(
    parseSweep("base: b.yaml\naxes: [{ path: name.first, values: [1] }]\n", "grid.yaml"),
  )[0];
  const error = t.throws(() => pointScenario("name: base\nseed: 1\n", "b.yaml", point));
  t.is(
    error?.message,
    "b.yaml: name.first: expected a field the sweep can set in the base scenario (point p0000), got 1",
  );
});

test("an axis path the base scenario has no field for is the sweep file's mistake, named by its axis and line", (t) => {
  const base = readFileSync("scenarios/sweeps/mixed-stream.yaml", "utf8");
  const check = (axes: string) => {
    const text = `base: mixed-stream.yaml\naxes:\n  - path: seed\n    values: [1, 2]\n${axes}`;
    return () => checkPaths(parseSweep(text, "grid.yaml"), text, "grid.yaml", base, "mixed-stream.yaml");
  };
  t.is(
    t.throws(check("  - path: nosuch.field\n    values: [1]\n"))?.message,
    'grid.yaml: axes[1].path (line 5): expected a field path of the base scenario mixed-stream.yaml (there: a known field (see docs/scenarios.md)), got "nosuch.field"',
  );
  t.regex(
    t.throws(check("  - path: jobs.generate.count.x\n    values: [1]\n"))?.message ?? "",
    /^grid\.yaml: axes\[1\]\.path \(line 5\): expected a field path of the base scenario mixed-stream\.yaml \(there: .+\), got "jobs\.generate\.count\.x"$/,
  );
  t.regex(
    t.throws(check("  - name: two\n    values: [{ seed: 3, hardware.gpus.7.count: 2 }]\n"))?.message ?? "",
    /^grid\.yaml: axes\[1\]\.values \(line 6\): expected a field path of the base scenario mixed-stream\.yaml \(there: .+\), got "hardware\.gpus\.7\.count"$/,
  );
  // A bad value at a real field, and every path the base has, are left to the points (which name the value).
  t.notThrows(check("  - path: jobs.generate.arrivals.poisson.rate_per_hour\n    values: [-5]\n"));
  t.notThrows(check("  - path: scheduler.policy\n    values: [mps-pack]\n"));
});

test("a base scenario that is no scenario at all is the base's mistake, named as `scenario check` names it", (t) => {
  const text = "base: b.yaml\naxes: [{ path: seed, values: [1] }]\n";
  const check = (base: string) => () =>
    checkPaths(parseSweep(text, "grid.yaml"), text, "grid.yaml", base, "b.yaml");
  t.is(
    t.throws(check("name: a\nname: b\n"))?.message,
    "b.yaml: line 2, column 1: expected well-formed YAML (Map keys must be unique)",
  );
  t.is(t.throws(check(""))?.message, "b.yaml: expected an object (the file holds a null)");
  t.is(t.throws(check("- a\n- b\n"))?.message, "b.yaml: expected an object (the file holds a list)");
});
