/**
 * How a job's speed scales with the size of its MIG instance on a real A100, from MISO's measurements: an SM
 * curve per (model, batch) over the instances' SMs, and the leave-one-profile-out check: drop one profile
 * (1g, 3g or 7g) from every group, fit on the other two, predict the dropped one, report the error.
 * Two points fix serialS and parallelS for any alpha, so the held-out fit takes alpha from outside the held-out
 * data (an argument: Amdahl's alpha = 1, or the SM curves measured on another GPU).
 */
import { curveStepTime } from "../../sim/sharing/sm-scaling.ts";
import type { SmCurve } from "../../sim/sharing/types.ts";
import { fitAtAlpha, fitSmCurve } from "../fit/sm-curve.ts";
import type { SliceGroup } from "./miso.ts";

/** A measurement whose 10th-90th percentile range exceeds half its median is too unsteady to judge a model by. */
export const MAX_STEADY_SPREAD = 0.5;

export interface SliceFit {
  model: string;
  batch: number;
  curve: SmCurve;
  rmsePct: number;
  points: number;
  steady: boolean;
}

export interface HeldOutPrediction {
  model: string;
  batch: number;
  profile: string;
  predictedS: number;
  measuredS: number;
  errorPct: number;
  steady: boolean;
}

const steady = (g: SliceGroup) => g.points.every((p) => p.spread <= MAX_STEADY_SPREAD);
const toPoints = (g: SliceGroup) => g.points.map((p) => ({ sms: p.sms, stepTimeS: p.stepTimeS }));

export function fitSliceCurves(groups: SliceGroup[], referenceSms: number): SliceFit[] {
  return groups
    .filter((g) => g.points.length >= 3)
    .map((g) => {
      const { curve, rmsePct } = fitSmCurve(toPoints(g), referenceSms);
      return { model: g.model, batch: g.batch, curve, rmsePct, points: g.points.length, steady: steady(g) };
    });
}

export function leaveOneProfileOut(
  groups: SliceGroup[],
  referenceSms: number,
  alpha: number,
): HeldOutPrediction[] {
  const out: HeldOutPrediction[] = [];
  for (const g of groups) {
    for (const held of g.points) {
      const rest = toPoints(g).filter((p) => p.sms !== held.sms);
      if (rest.length < 2) continue;
      const fit = fitAtAlpha(rest, referenceSms, alpha);
      if (fit === undefined) continue;
      const predictedS = curveStepTime(fit.curve, held.sms);
      out.push({
        model: g.model,
        batch: g.batch,
        profile: held.profile,
        predictedS,
        measuredS: held.stepTimeS,
        errorPct: (100 * (predictedS - held.stepTimeS)) / held.stepTimeS,
        steady: steady(g),
      });
    }
  }
  return out;
}

export interface ErrorSummary {
  profile: string;
  /** Which predictions: every group, or only groups with steady measurements. */
  groups: "all" | "steady";
  count: number;
  mapePct: number;
  medianApePct: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** MAPE and median APE of held-out predictions per held-out profile, over all groups and over steady ones. */
export function summarizeHeldOut(predictions: HeldOutPrediction[]): ErrorSummary[] {
  const profiles = [...new Set(predictions.map((p) => p.profile))].sort();
  return profiles.flatMap((profile) =>
    (["all", "steady"] as const).map((which) => {
      const errors = predictions
        .filter((p) => p.profile === profile && (which === "all" || p.steady))
        .map((p) => Math.abs(p.errorPct));
      return {
        profile,
        groups: which,
        count: errors.length,
        mapePct: errors.reduce((a, b) => a + b, 0) / errors.length,
        medianApePct: median(errors),
      };
    }),
  );
}
