/** Kernel-level replay of co-running jobs from recorded kernel traces (see replay.ts, trace.ts). */
export {
  replay,
  replayLength,
  TIME_SLICE_S,
  type ReplayJob,
  type ReplayOptions,
  type ReplayResult,
} from "./replay.ts";
export { replayJob } from "./job.ts";
export { BLEND_RAMP_US, blendMps, replayMps, replayWeight, type StepTraces } from "./mps-model.ts";
export {
  onCap,
  smDemand,
  smLoad,
  traceFromKernels,
  type JobTrace,
  type RecordedKernel,
  type TraceKernel,
} from "./trace.ts";
