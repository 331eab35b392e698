/**
 * The range of turn-weight figures (mps.ts: large kernels' length, kernels per millisecond, SM activity) an MPS fit
 * read, and whether a workload lies outside it: the weight is a power law fitted inside that range, so outside it a
 * workload's MPS split is an extrapolation (calibration warns of it, the simulator names it among a run's caveats).
 */
import { turnFigures, type TurnFigures } from "./mps.ts";
import type { WorkloadProfile } from "./types.ts";

/** Low and high of each figure over the workloads the fit read. */
export type MpsFitRange = Record<keyof TurnFigures, [number, number]>;

/** Each figure as a message names it, and a value of it as the message writes it. */
const FIGURES: { key: keyof TurnFigures; name: string; format: (v: number) => string }[] = [
  { key: "turnUs", name: "large kernels' mean length", format: (v) => `${v.toFixed(0)} us` },
  { key: "kernelsPerMs", name: "kernels per millisecond", format: (v) => v.toFixed(1) },
  { key: "activity", name: "SM activity while busy", format: (v) => v.toFixed(2) },
];

/** A traced workload's figures outside the range, each with the range (empty when inside or untraced). */
export function outsideFitRange(p: WorkloadProfile, range: MpsFitRange): string[] {
  if (p.kernels === undefined) return [];
  const f = turnFigures(p);
  return FIGURES.filter(({ key }) => f[key] < range[key][0] || f[key] > range[key][1]).map(
    ({ key, name, format }) =>
      `${name} ${format(f[key])} (the fit read ${format(range[key][0])} to ${format(range[key][1])})`,
  );
}
