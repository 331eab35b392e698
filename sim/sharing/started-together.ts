/**
 * A job of an MPS mix whose processes started together: each autotuned (cuDNN benchmark, as timm's train.py) while
 * the others autotuned too, timing the candidate algorithms under their contention, and may keep other ones than
 * it picks alone: convnext_nano's copies kept 510-523 kernels a step of 150-160 us where alone it runs 2,267 of
 * 36 us, 1.06-1.15 x as long a step alone, holding the SMs longer beside co-runners. Its profile's `startedTogether` holds the
 * kernels a probe measured (two copies started together, each then traced alone in turn); they replace its solo
 * kernels in the MPS model (mps.ts: turn weights, large kernels' share, waits). Its step time stays the solo one
 * (session 18 tried the probes' step times too: worse, docs/calibration.md).
 */
import type { WorkloadProfile } from "./types.ts";

/** The training profile of `p` once it autotuned beside co-runners that autotuned too (unchanged if unprobed). */
export function startedTogetherProfile(p: WorkloadProfile): WorkloadProfile {
  const kernels = p.startedTogether?.kernels;
  return kernels === undefined ? p : { ...p, kernels };
}
