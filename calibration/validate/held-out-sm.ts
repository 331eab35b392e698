/**
 * The mps-partitioned check where the runs hold no multi-process mps-partitioned run: every single-process
 * MPS-capped run is fitted, so each SM point is left out of its workload's curve in turn, the curve refitted on
 * the others (with its exponent, as calibration fits it), and the dropped point's step time predicted.
 */
import { curveStepTime } from "../../sim/sharing/sm-scaling.ts";
import { fitCurve } from "../fit/sm-curve.ts";
import type { CalibrationSet } from "../set-schema.ts";

export interface HeldOutSmPoint {
  workload: string;
  sms: number;
  predictedS: number;
  measuredS: number;
  errorPct: number;
}

/** Points below the whole GPU of curves with at least four points (three are left to fit). */
export function heldOutSmPoints(set: CalibrationSet): HeldOutSmPoint[] {
  return Object.values(set.workloads).flatMap((profile) => {
    const points = profile.smScaling.sms.map((sms, i) => ({
      sms,
      stepTimeS: profile.smScaling.stepTimeS[i],
    }));
    return points
      .filter((p) => p.sms < set.gpu.sms && points.length >= 4)
      .map((held) => {
        const { curve } = fitCurve(
          points.filter((p) => p !== held),
          set.gpu.sms,
        );
        const predictedS =
          profile.stepTimeS + curveStepTime(curve, held.sms) - curveStepTime(curve, set.gpu.sms);
        return {
          workload: profile.id,
          sms: held.sms,
          predictedS,
          measuredS: held.stepTimeS,
          errorPct: (100 * (predictedS - held.stepTimeS)) / held.stepTimeS,
        };
      });
  });
}
