/** Kernel-level replay of co-running jobs from recorded kernel traces (see replay.ts, trace.ts). */
export { replay, type ReplayJob, type ReplayOptions, type ReplayResult } from "./replay.ts";
export {
  blocksPerSm,
  smDemand,
  traceFromKernels,
  type JobTrace,
  type RecordedKernel,
  type TraceKernel,
} from "./trace.ts";
