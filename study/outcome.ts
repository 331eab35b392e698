/** What one study experiment gave in simulation: the shapes shared by the runner, the table and the findings. */
import type { StudyExperiment } from "../scenarios/study-matrix.ts";

export interface ProcessResult {
  workload: string;
  /** Images per second over the process's run (start to finish); null when it did not finish in place. */
  imagesPerS: number | null;
  /** Seconds per epoch over its run; null as above. */
  epochS: number | null;
  /** Ran out of memory (or never fitted its MIG instance): the study's "OOM". */
  oom: boolean;
  memoryBytes: number;
  /** MIG only: images per second of the same workload alone in the same instance profile (no co-runners). */
  aloneInInstance?: number;
}

export type StudyOutcome =
  | { kind: "ran"; processes: ProcessResult[] }
  /** The MIG layout cannot be built on this GPU (e.g. 4g + 2g + 2g exceed 7 compute slices). */
  | { kind: "infeasible"; reason: string }
  /** A workload is bigger than every instance of the MIG layout: it cannot even start (the study's OOM). */
  | { kind: "too-big"; reason: string }
  /** The calibration set has no profile for a workload of this experiment. */
  | { kind: "not-calibrated"; reason: string };

export interface StudyRun {
  experiment: StudyExperiment;
  /** MIG profile names on the simulated GPU, one per process (MIG experiments only). */
  migProfiles?: string[];
  outcome: StudyOutcome;
}

export interface StudyGpuResult {
  gpu: string;
  calibration: string;
  gpuMemoryBytes: number;
  runs: StudyRun[];
}
