/**
 * The range of turn-weight figures (sim/sharing/mps.ts: large kernels' length, kernels per millisecond, SM activity)
 * that the MPS fit saw: over the workloads of the MPS runs it read. The weight is a power law fitted inside that
 * range; a workload outside it gets an extrapolated split (zoo18's convmixer_768_32, large kernels of 492 us beside a
 * fit that read 19-230 us: its partners 24-33 % too fast predicted). Inside is not a promise: the range only says
 * what the fit read.
 */
import { outsideFitRange, turnFigures, type MpsFitRange, type TurnFigures } from "../../sim/sharing/index.ts";
import type { WorkloadProfile } from "../../sim/sharing/types.ts";
import type { MeasuredRun } from "../measured.ts";

/** Low and high of each figure over the traced workloads of the fitted MPS runs; undefined when there are none. */
export function mpsFitRange(
  workloads: Readonly<Record<string, WorkloadProfile>>,
  fittedRuns: readonly MeasuredRun[],
): MpsFitRange | undefined {
  const ids = new Set(
    fittedRuns
      .filter((r) => r.mode === "mps" || r.mode === "mps-partitioned")
      .flatMap((r) => r.procs.map((p) => p.workload)),
  );
  const figures = [...ids]
    .map((id) => workloads[id])
    .filter((p) => p?.kernels !== undefined)
    .map(turnFigures);
  if (figures.length === 0) return undefined;
  const span = (key: keyof TurnFigures): [number, number] => {
    const values = figures.map((f) => f[key]);
    return [Math.min(...values), Math.max(...values)];
  };
  return { turnUs: span("turnUs"), kernelsPerMs: span("kernelsPerMs"), activity: span("activity") };
}

/** One warning per traced workload with a figure outside the range, naming each such figure. */
export function outsideMpsFitRange(workloads: readonly WorkloadProfile[], range: MpsFitRange): string[] {
  return workloads.flatMap((p) => {
    const out = outsideFitRange(p, range);
    return out.length === 0
      ? []
      : [`${p.id}: ${out.join(", ")}: beyond the MPS fit's workloads, its MPS predictions are less sure`];
  });
}
