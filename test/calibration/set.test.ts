import test from "ava";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCalibrationSet, profileOf, stableJson, writeCalibrationSet } from "../../calibration/set.ts";
import { InputError } from "../../sim/input-error.ts";
import { truth } from "./synthetic.ts";

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "colloc-set-"));
}

test("a written set loads back equal, from its folder", (t) => {
  const dir = join(tempDir(), "set");
  writeCalibrationSet(dir, truth, { "notes.txt": "x" });
  t.deepEqual(loadCalibrationSet(dir), truth);
  t.is(readFileSync(join(dir, "notes.txt"), "utf8"), "x");
  rmSync(dir, { recursive: true });
});

test("stableJson writes the same bytes whatever the key order", (t) => {
  t.is(stableJson({ b: 1, a: { d: 2, c: 3 } }), stableJson({ a: { c: 3, d: 2 }, b: 1 }));
});

test("a workload the set lacks is bad input naming the known ones", (t) => {
  const error = t.throws(() => profileOf(truth, "resnet9000", "scenario.yaml"), { instanceOf: InputError });
  t.regex(error.message, /scenario\.yaml/);
  t.regex(error.message, /small/);
});

test("a profile of another GPU inside a set file is refused with its field", (t) => {
  const dir = tempDir();
  const bad = {
    ...truth,
    workloads: { ...truth.workloads, small: { ...truth.workloads.small, gpu: "A100-SXM4-40GB" } },
  };
  mkdirSync(join(dir, "s"));
  writeFileSync(join(dir, "s", "parameters.json"), JSON.stringify(bad));
  const error = t.throws(() => loadCalibrationSet(join(dir, "s")), { instanceOf: InputError });
  t.regex(error.message, /workloads\.small\.gpu/);
});

test("a set without a parameter this colloc fits is refused naming the field", (t) => {
  // A set calibrated before session 9 has no mpsInterferenceSame.
  const dir = tempDir();
  const { mpsInterferenceSame: _dropped, ...older } = truth.sharing;
  mkdirSync(join(dir, "s"));
  writeFileSync(join(dir, "s", "parameters.json"), JSON.stringify({ ...truth, sharing: older }));
  const error = t.throws(() => loadCalibrationSet(join(dir, "s")), { instanceOf: InputError });
  t.regex(error.message, /parameters\.json: sharing\.mpsInterferenceSame: expected a number \(required\)/);
});

test("an unknown set name is bad input", (t) => {
  t.throws(() => loadCalibrationSet("no-such-set"), { instanceOf: InputError });
});

test("a profile drawing more than the GPU's power limit is refused naming the field", (t) => {
  // More would stretch every step of its jobs through the power model: 1e308 W gave makespans of 1e301 days.
  const dir = tempDir();
  const max = truth.sharing.maxPowerW;
  const bad = {
    ...truth,
    workloads: { ...truth.workloads, small: { ...truth.workloads.small, powerW: max + 1 } },
  };
  mkdirSync(join(dir, "s"));
  writeFileSync(join(dir, "s", "parameters.json"), JSON.stringify(bad));
  const error = t.throws(() => loadCalibrationSet(join(dir, "s")), { instanceOf: InputError });
  t.regex(
    error.message,
    new RegExp(
      `workloads\\.small\\.powerW: expected at most the GPU's power limit .*${max} W.*got ${max + 1}`,
    ),
  );
});
