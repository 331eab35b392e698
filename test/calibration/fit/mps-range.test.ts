import test from "ava";
import { mpsFitRange, outsideMpsFitRange } from "../../../calibration/fit/mps-range.ts";
import type { MeasuredRun } from "../../../calibration/measured.ts";
import type { WorkloadProfile } from "../../../sim/sharing/types.ts";
import { truth } from "../synthetic.ts";

/** A traced profile: large kernels of `turnUs`, `perStep` kernels a 100-ms step, SM activity 0.8 while busy. */
const traced = (id: string, turnUs: number, perStep: number): WorkloadProfile => ({
  ...truth.workloads.small,
  id,
  stepTimeS: 0.1,
  busyFraction: 1,
  smActivity: 0.8,
  kernels: { perStep, exposedPerStep: 0, meanUs: turnUs, turnUs, largeShare: 1 },
});
const workloads = {
  short: traced("short", 40, 1000),
  long: traced("long", 200, 400),
  naiveOnly: traced("naiveOnly", 900, 100),
};
const run = (mode: string, ...ids: string[]) =>
  ({ runId: `${mode}__${ids.join("+")}`, mode, procs: ids.map((workload) => ({ workload })) }) as MeasuredRun;

test("the range spans the traced workloads of the fitted MPS and MPS-partitioned runs, no others", (t) => {
  const range = mpsFitRange(workloads, [run("mps", "short", "long"), run("naive", "short", "naiveOnly")]);
  t.deepEqual(range, { turnUs: [40, 200], kernelsPerMs: [4, 10], activity: [0.8, 0.8] });
  t.is(mpsFitRange(workloads, [run("naive", "short", "long")]), undefined);
  const untraced = { short: { ...workloads.short, kernels: undefined } };
  t.is(mpsFitRange(untraced, [run("mps-partitioned", "short", "short")]), undefined);
});

test("a workload beyond the range gets one warning naming each figure outside it; inside or untraced, none", (t) => {
  const range = mpsFitRange(workloads, [run("mps", "short", "long")])!;
  const warnings = outsideMpsFitRange(
    [workloads.short, workloads.naiveOnly, { ...workloads.naiveOnly, id: "untraced", kernels: undefined }],
    range,
  );
  t.deepEqual(warnings, [
    "naiveOnly: large kernels' mean length 900 us (the fit read 40 us to 200 us), kernels per millisecond 1.0 " +
      "(the fit read 4.0 to 10.0): beyond the MPS fit's workloads, its MPS predictions are less sure",
  ]);
});
