/** MPS limits; the same on every GPU of the catalog (Volta and later). */
import type { MpsLimits } from "../types.ts";

export const MPS_LIMITS: MpsLimits = {
  // NVIDIA MPS documentation: 48 clients per device on Volta and later (newer drivers may allow 60).
  maxClients: 48,
  // Assumption (nvidia-sharing.md §4): the active-thread percentage is rounded down to whole TPCs of 2 SMs.
  smGranularity: 2,
  source: "NVIDIA MPS documentation (client limit)",
};

/** Pascal and older: 16 clients per device and no active-thread percentage (NVIDIA MPS documentation). */
export const PRE_VOLTA_MPS_LIMITS: MpsLimits = {
  ...MPS_LIMITS,
  maxClients: 16,
  source: "NVIDIA MPS documentation (16 clients before Volta; execution-resource provisioning needs Volta)",
};
