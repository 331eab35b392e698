/**
 * The sharing-mode vocabulary, declared once: profiler runs, scenarios, the sharing models and validation all
 * derive their mode types from these lists. It lives with the hardware because the modes are the driver's
 * (time-slicing, MPS, MIG, green contexts) and sim/hardware's memory rules already speak of them.
 */

/** How the jobs on one GPU, or inside one MIG instance, share it: what the sharing models compute. */
export const MODEL_MODES = ["exclusive", "naive", "mps"] as const;
export type ModelMode = (typeof MODEL_MODES)[number];

/** The modes where co-runners contend for one set of SMs: time-slicing ("naive") and MPS. */
export type ContendedMode = Exclude<ModelMode, "exclusive">;

/**
 * Sharing modes as runs report them. "naive" = time-slicing; "mps-partitioned" = MPS with per-process SM caps;
 * "green" = each process on a CUDA green context of some SMs, predicted as an SM cap (as mps-partitioned).
 */
export const SHARING_MODES = ["exclusive", "naive", "mps", "mps-partitioned", "green", "mig"] as const;
export type SharingMode = (typeof SHARING_MODES)[number];

/** How a whole GPU is set up in a scenario: SM caps are per job there, not a mode of the GPU. */
export type GpuSharingMode = ModelMode | "mig";

/** The model a non-MIG run's mode is predicted with (SM caps and green contexts are MPS with caps). */
export const MODEL_OF: Readonly<Record<Exclude<SharingMode, "mig">, ModelMode>> = {
  exclusive: "exclusive",
  naive: "naive",
  mps: "mps",
  "mps-partitioned": "mps",
  green: "mps",
};
