/**
 * What a run's predictions rest on that the validation found weaker, per workload of the scenario: read off the
 * profiles and the set, so a user sees which figures to trust less before acting on them (docs/simulator.md).
 */
import { outsideFitRange } from "../sharing/index.ts";
import type { WorkloadProfile } from "../sharing/types.ts";
import type { ClusterInput } from "./scenario/cluster-input.ts";

/**
 * A probe's kernels per step this far from its solo trace's mark a workload whose cuDNN autotuning kept other
 * algorithms beside co-runners (the criterion of docs/calibration.md's form X, session 20).
 */
const AUTOTUNE_CHANGE = 0.1;

/** Whether some GPU of the scenario runs jobs side by side under MPS (the whole GPU, or inside MIG instances). */
function hasMps(input: ClusterInput): boolean {
  return input.gpus.some(
    (g) => g.sharing.mode === "mps" || (g.sharing.mode === "mig" && g.sharing.mpsInside),
  );
}

function workloadCaveats(p: WorkloadProfile, input: ClusterInput, mps: boolean): string[] {
  const found: string[] = [];
  if (p.transferred)
    found.push(
      `${p.id}: scaled from another GPU's measurements (calibration/transfer.ts), not measured on ${p.gpu}`,
    );
  if (!mps) return found;
  if (p.kernels === undefined) {
    found.push(
      `${p.id}: no kernel trace: under MPS it is weighed as 100-us large kernels, 10 kernels per millisecond`,
    );
    return found;
  }
  const range = input.calibration.mpsFitRange;
  const outside = range === undefined ? [] : outsideFitRange(p, range);
  if (outside.length > 0)
    found.push(
      `${p.id}: ${outside.join(", ")}: beyond the MPS fit's workloads, its MPS split is extrapolated`,
    );
  const probed = p.startedTogether?.kernels.perStep;
  if (probed !== undefined && Math.abs(probed / p.kernels.perStep - 1) > AUTOTUNE_CHANGE)
    found.push(
      `${p.id}: its started-together probe kept other cuDNN algorithms than alone (${Math.round(probed)} kernels a ` +
        `step against ${Math.round(p.kernels.perStep)}): under MPS, started beside co-runners that autotune too, it ` +
        `may keep algorithms no profile shows, and such mixes erred most in validation (docs/calibration.md, "Why ` +
        `ConvNeXt-style models miss"); warmed up one at a time it is predicted as other models are`,
    );
  return found;
}

/** Whether some GPU runs jobs side by side (time-sliced or MPS), where the sharing parameters apply. */
const shares = (input: ClusterInput) => hasMps(input) || input.gpus.some((g) => g.sharing.mode === "naive");

/** The caveats of a scenario's predictions: the set's, then by workload id. */
export function caveats(input: ClusterInput): string[] {
  const mps = hasMps(input);
  const { sharingFrom, gpu } = input.calibration;
  const set =
    sharingFrom !== undefined && shares(input)
      ? [
          `sharing parameters kept from ${sharingFrom}, not fitted on ${gpu}'s co-running runs (how well the ` +
            `H200's carry to an H100: docs/calibration.md, check H1)`,
        ]
      : [];
  return [
    ...set,
    ...Object.keys(input.workloads)
      .sort()
      .flatMap((id) => workloadCaveats(input.workloads[id], input, mps)),
  ];
}
