/**
 * How a job's speed scales with the size of its MIG instance on a real A100, fitted on MISO's measurements.
 * Slice model (the same physics as sim/sharing/sm-scaling.ts gpuTime on a MIG instance), relative to the 7g.40gb:
 *   t(i) = t7 * (s + (1 - s) * ((1 - m) * N / n_i + m / w_i))
 * s: the serial share of the 7g step (host work, launch-bound time: does not scale); of the rest, the compute part
 * (1 - m) scales with the instance's SMs n_i (N = 98 on the 7g), the memory part m with its memory slices w_i
 * (bandwidth and L2 are 1/8 of the GPU per slice). Per (model, batch): t7 and s; global: m, the memory-bound share
 * of MISO's models, which have no kernel traces (the study's workloads read theirs from the H200 traces).
 * Validation: leave-one-profile-out (per group fit t7 and s on two profiles, predict the third, with m fitted on
 * the other models) and leave-one-model-out (s and m fitted on the other models, predict 1g and 3g from the 7g).
 */
import { migTime } from "../../sim/sharing/sm-scaling.ts";
import { mean, median } from "../fit/stats.ts";
import type { SliceGroup, SlicePoint } from "./miso.ts";

/** A measurement whose 10th-90th percentile range exceeds half its median is too unsteady to fit or judge by. */
export const MAX_STEADY_SPREAD = 0.5;
const FULL = "7g.40gb";
const GRID = Array.from({ length: 101 }, (_, i) => i / 100);

export interface GroupFit {
  model: string;
  batch: number;
  fullStepS: number;
  serialShare: number;
  rmsePct: number;
  points: number;
  steady: boolean;
}

export interface HeldOutPrediction {
  validation: "profile" | "model";
  model: string;
  batch: number;
  profile: string;
  predictedS: number;
  measuredS: number;
  errorPct: number;
  steady: boolean;
}

export const isSteady = (g: SliceGroup) => g.points.every((p) => p.spread <= MAX_STEADY_SPREAD);

/**
 * Step time on an instance relative to the 7g.40gb (fullSms SMs, all memory slices): the simulator's slice model
 * (migTime) on an Amdahl curve whose serial part is serialShare of the 7g step.
 */
export function sliceFactor(
  p: SlicePoint,
  fullSms: number,
  serialShare: number,
  memoryShare: number,
): number {
  const parallel = 1 - serialShare;
  return migTime(1, parallel * (fullSms / p.sms - 1), parallel, memoryShare, p.bandwidthShare);
}

const logResiduals = (pts: SlicePoint[], fullSms: number, s: number, m: number) => {
  const r = pts.map((p) => Math.log(p.stepTimeS / sliceFactor(p, fullSms, s, m)));
  const logT7 = r.reduce((a, b) => a + b, 0) / r.length;
  return { logT7, sse: r.reduce((a, x) => a + (x - logT7) ** 2, 0) };
};

/** t7 and s of one group by least squares on log times (s on a 0.01 grid: deterministic, no local minima). */
export function fitGroup(
  pts: SlicePoint[],
  fullSms: number,
  m: number,
): { fullStepS: number; serialShare: number } {
  let best = { s: 0, ...logResiduals(pts, fullSms, 0, m) };
  for (const s of GRID) {
    const r = logResiduals(pts, fullSms, s, m);
    if (r.sse < best.sse - 1e-15) best = { s, ...r };
  }
  return { fullStepS: Math.exp(best.logT7), serialShare: best.s };
}

const sse = (groups: SliceGroup[], fullSms: number, m: number) =>
  groups.reduce(
    (a, g) => a + logResiduals(g.points, fullSms, fitGroup(g.points, fullSms, m).serialShare, m).sse,
    0,
  );

/** The global memory-bound share m: least squares over the steady groups with all three profiles. */
export function fitMemoryShare(groups: SliceGroup[], fullSms: number): number {
  const usable = groups.filter((g) => g.points.length >= 3 && isSteady(g));
  return GRID.reduce(
    (best, m) => (sse(usable, fullSms, m) < sse(usable, fullSms, best) - 1e-15 ? m : best),
    0,
  );
}

/** Global (s, m) for a workload known only by its 7g time: least squares on the others' 1g and 3g ratios. */
export function fitGlobalShape(
  groups: SliceGroup[],
  fullSms: number,
): { serialShare: number; memoryShare: number } {
  const usable = groups.filter((g) => g.points.length >= 3 && isSteady(g));
  let best = { serialShare: 0, memoryShare: 0, err: Infinity };
  for (const s of GRID)
    for (const m of GRID) {
      let err = 0;
      for (const g of usable) {
        const full = g.points.find((p) => p.profile === FULL)!;
        for (const p of g.points.filter((q) => q !== full))
          err += Math.log(p.stepTimeS / (full.stepTimeS * sliceFactor(p, fullSms, s, m))) ** 2;
      }
      if (err < best.err - 1e-15) best = { serialShare: s, memoryShare: m, err };
    }
  return { serialShare: best.serialShare, memoryShare: best.memoryShare };
}

export function fitGroups(groups: SliceGroup[], fullSms: number, m: number): GroupFit[] {
  return groups
    .filter((g) => g.points.length >= 3)
    .map((g) => {
      const { fullStepS, serialShare } = fitGroup(g.points, fullSms, m);
      const errs = g.points.map(
        (p) => (fullStepS * sliceFactor(p, fullSms, serialShare, m)) / p.stepTimeS - 1,
      );
      const rmsePct = 100 * Math.sqrt(errs.reduce((a, e) => a + e * e, 0) / errs.length);
      return {
        model: g.model,
        batch: g.batch,
        fullStepS,
        serialShare,
        rmsePct,
        points: g.points.length,
        steady: isSteady(g),
      };
    });
}

const prediction = (
  v: HeldOutPrediction["validation"],
  g: SliceGroup,
  p: SlicePoint,
  predictedS: number,
) => ({
  validation: v,
  model: g.model,
  batch: g.batch,
  profile: p.profile,
  predictedS,
  measuredS: p.stepTimeS,
  errorPct: (100 * (predictedS - p.stepTimeS)) / p.stepTimeS,
  steady: isSteady(g),
});

/** Both validations; the held-out model never enters the global parameters its predictions use. */
export function crossValidate(groups: SliceGroup[], fullSms: number): HeldOutPrediction[] {
  const out: HeldOutPrediction[] = [];
  const models = [...new Set(groups.map((g) => g.model))].sort();
  for (const model of models) {
    const others = groups.filter((g) => g.model !== model);
    const own = groups.filter((g) => g.model === model && g.points.length >= 3);
    if (own.length === 0) continue;
    const m = fitMemoryShare(others, fullSms);
    const shape = fitGlobalShape(others, fullSms);
    for (const g of own) {
      for (const held of g.points) {
        const fit = fitGroup(
          g.points.filter((p) => p !== held),
          fullSms,
          m,
        );
        out.push(
          prediction("profile", g, held, fit.fullStepS * sliceFactor(held, fullSms, fit.serialShare, m)),
        );
      }
      const full = g.points.find((p) => p.profile === FULL)!;
      for (const p of g.points.filter((q) => q !== full)) {
        const predicted = full.stepTimeS * sliceFactor(p, fullSms, shape.serialShare, shape.memoryShare);
        out.push(prediction("model", g, p, predicted));
      }
    }
  }
  return out;
}

export interface ErrorSummary {
  validation: "profile" | "model";
  /** The held-out profile (leave-one-profile-out) or model (leave-one-model-out). */
  heldOut: string;
  /** Which predictions: every group, or only groups with steady measurements. */
  groups: "all" | "steady";
  count: number;
  mapePct: number;
  medianApePct: number;
}

/** MAPE and median APE per held-out profile or model, over all groups and over steady ones (empty ones dropped). */
export function summarizeHeldOut(predictions: HeldOutPrediction[]): ErrorSummary[] {
  const keys = (v: HeldOutPrediction["validation"]) =>
    [
      ...new Set(
        predictions.filter((p) => p.validation === v).map((p) => (v === "profile" ? p.profile : p.model)),
      ),
    ].sort();
  return (["profile", "model"] as const).flatMap((validation) =>
    keys(validation).flatMap((heldOut) =>
      (["all", "steady"] as const).flatMap((which) => {
        const errors = predictions
          .filter(
            (p) =>
              p.validation === validation && (validation === "profile" ? p.profile : p.model) === heldOut,
          )
          .filter((p) => which === "all" || p.steady)
          .map((p) => Math.abs(p.errorPct));
        if (errors.length === 0) return [];
        const mapePct = mean(errors);
        return [
          { validation, heldOut, groups: which, count: errors.length, mapePct, medianApePct: median(errors) },
        ];
      }),
    ),
  );
}
