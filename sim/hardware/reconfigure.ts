/**
 * Plan a MIG reconfiguration: which GPU instances to destroy and create to go from the current layout to a
 * requested geometry, and which jobs must stop because their instance goes away (a GI is destroyed only idle).
 * Among the target's valid placements it picks the one that keeps the most current instances.
 */
import { checkGeometry, type GeometryProblem, type GeometryRequest } from "./geometry-check.ts";
import { layoutKey, sortLayout } from "./tally.ts";
import type { GpuSpec, Placement } from "./types.ts";

/** A job running in a GPU instance. */
export interface JobPlacement {
  job: string;
  placement: Placement;
}

export type ReconfigurationPlan =
  | {
      valid: true;
      /** The layout after the change. */
      target: Placement[];
      keep: Placement[];
      /** Destroy these first (their slices are needed), then create. */
      destroy: Placement[];
      create: Placement[];
      /** Jobs on destroyed instances, sorted. */
      stopJobs: string[];
    }
  | { valid: false; problems: GeometryProblem[] };

export function planReconfiguration(
  spec: GpuSpec,
  from: readonly Placement[],
  to: readonly GeometryRequest[],
  jobs: readonly JobPlacement[] = [],
): ReconfigurationPlan {
  const check = checkGeometry(spec, to);
  if (!check.valid) return check;
  const current = new Set(from.map((p) => layoutKey([p])));
  const kept = (layout: readonly Placement[]) => layout.filter((p) => current.has(layoutKey([p])));
  // Placements come sorted by key, so the first best is the same on every run.
  let target = check.placements[0].layout;
  for (const { layout } of check.placements) if (kept(layout).length > kept(target).length) target = layout;
  const next = new Set(target.map((p) => layoutKey([p])));
  const destroy = sortLayout(from.filter((p) => !next.has(layoutKey([p]))));
  const gone = new Set(destroy.map((p) => layoutKey([p])));
  return {
    valid: true,
    target,
    keep: kept(target),
    destroy,
    create: target.filter((p) => !current.has(layoutKey([p]))),
    stopJobs: jobs
      .filter((j) => gone.has(layoutKey([j.placement])))
      .map((j) => j.job)
      .sort(),
  };
}
