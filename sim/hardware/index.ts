/**
 * Public API of the GPU catalog and the MIG / MPS mechanics. Other folders import from here only.
 * See docs/hardware.md for the rules (placement, out-of-memory, MPS rounding) and their sources.
 */
export type {
  ComputeInstanceProfile,
  GpuModel,
  GpuSpec,
  MigGeometry,
  MigProfile,
  MpsLimits,
  Placement,
  PlacementOnlyGpu,
  PowerSpec,
  ProfileSelection,
} from "./types.ts";
export {
  findGpu,
  gpu,
  gpuModel,
  gpuNames,
  gpus,
  isSimulated,
  migProfile,
  migProfiles,
  placementOnlyGpus,
  type NameSource,
} from "./names.ts";
export {
  MODEL_MODES,
  MODEL_OF,
  SHARING_MODES,
  type ContendedMode,
  type GpuSharingMode,
  type ModelMode,
  type SharingMode,
} from "./sharing-modes.ts";
export { enumeratePlacements, maximalLayouts, multisetKey } from "./enumerate.ts";
export {
  checkGeometry,
  parseRequest,
  stranded,
  type GeometryCheck,
  type GeometryProblem,
  type GeometryRequest,
  type ProblemKind,
  type Stranded,
  type ValidPlacement,
} from "./geometry-check.ts";
export {
  emptyMig,
  futureLayouts,
  migState,
  placeInstance,
  PLACEMENT_RULES,
  type MigState,
  type PlacementRule,
} from "./allocate.ts";
export { planReconfiguration, type JobPlacement, type ReconfigurationPlan } from "./reconfigure.ts";
export { colocatedMemoryFit, type MemoryFit, type ProcessMemory } from "./memory-fit.ts";
export { bandwidthShare } from "./bandwidth-share.ts";
export { MPS_LIMITS } from "./catalog/mps.ts";
export { mpsClientLimit, mpsClientSms } from "./mps.ts";
export { layoutKey } from "./tally.ts";
export { GIB, MIB } from "./units.ts";
