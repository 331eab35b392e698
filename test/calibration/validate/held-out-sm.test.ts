import test from "ava";
import { loadCalibrationSet } from "../../../calibration/set.ts";
import { heldOutSmPoints } from "../../../calibration/validate/held-out-sm.ts";

const fixture = loadCalibrationSet("test/fixtures/sets/h200");

/** The fixture set with one workload's SM points replaced (reference 132 SMs, the whole H200). */
function withPoints(sms: number[], stepTimeS: number[]) {
  const profile = fixture.workloads["resnet26-c10-b128"];
  return {
    ...fixture,
    workloads: {
      w: { ...profile, id: "w", stepTimeS: 0.3, smScaling: { ...profile.smScaling, sms, stepTimeS } },
    },
  };
}

test("a point off an otherwise exact Amdahl curve is predicted from the others", (t) => {
  // t(n) = 0.1 + 0.2 * 132 / n: 1.3 s at 22 SMs, 0.9 s at 33, 0.5 s at 66, 0.3 s at 132; 33 measured at 1.0 s.
  const held = heldOutSmPoints(withPoints([22, 33, 66, 132], [1.3, 1.0, 0.5, 0.3]));
  t.deepEqual(
    held.map((h) => h.sms),
    [22, 33, 66],
  );
  // Without the 33-SM point the others fit exactly: 0.9 s predicted against 1.0 s measured, -10%.
  const at33 = held.find((h) => h.sms === 33)!;
  t.true(Math.abs(at33.predictedS - 0.9) < 1e-9);
  t.true(Math.abs(at33.errorPct - -10) < 1e-6);
});

test("curves of fewer than four points are not checked (three would be left to fit two parameters)", (t) => {
  t.deepEqual(heldOutSmPoints(withPoints([33, 66, 132], [0.9, 0.5, 0.3])), []);
  t.deepEqual(heldOutSmPoints(fixture), []);
});
