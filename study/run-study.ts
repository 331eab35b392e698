/**
 * Run the study's experiments (scenarios/study/<gpu>/*.yaml, generated from the experiment matrix) through the
 * simulator on one GPU's shipped calibration set, and collect per-process throughput and epoch time.
 */
import { readFileSync } from "node:fs";
import { loadCalibrationSet, type CalibrationSet } from "../calibration/set.ts";
import { InputError } from "../sim/input-error.ts";
import { simulate, withoutStartup, type RunResult } from "../sim/cluster/engine.ts";
import { EVENT_KINDS } from "../sim/cluster/events-log.ts";
import { jobMetrics } from "../sim/cluster/metrics.ts";
import type { ClusterInput, MigInstance } from "../sim/cluster/scenario/cluster-input.ts";
import { loadScenario } from "../sim/cluster/scenario/resolve.ts";
import { gpu } from "../sim/hardware/index.ts";
import {
  STUDY_GPUS,
  migLayout,
  parseMatrix,
  studyName,
  type StudyExperiment,
  type StudyGpu,
} from "../scenarios/study-matrix.ts";
import type { ProcessResult, StudyGpuResult, StudyOutcome, StudyRun } from "./outcome.ts";
import { studyPlacement } from "./study-placement.ts";

const STUDY_DIR = new URL("../scenarios/study/", import.meta.url);
const readText = (path: string) => readFileSync(path, "utf8");

interface Simulated {
  processes: ProcessResult[];
  /** The MIG instance each job first started in (null outside MIG or when it never started). */
  instances: (MigInstance | null)[];
}

/** Where each job first started: its device's MIG instance (null outside MIG or when it never started). */
function startInstances(run: RunResult): (MigInstance | null)[] {
  const instances: (MigInstance | null)[] = Array.from({ length: run.jobs.count }, () => null);
  const start = EVENT_KINDS.indexOf("start");
  const kinds = run.log.kind.values();
  const jobs = run.log.job.values();
  const devices = run.log.device.values();
  for (let e = kinds.length - 1; e >= 0; e--)
    if (kinds[e] === start) instances[jobs[e]] = run.cluster.devices[devices[e]].instance;
  return instances;
}

/**
 * Images per second, seconds per epoch and OOM of each job, in input order, placed as the study placed its
 * processes (`profiles`: each job's MIG instance profile).
 */
function simulated(input: ClusterInput, profiles?: string[]): Simulated {
  // The study timed training epochs, so its jobs start up in no time. The event log says where each job
  // started (a finished job no longer holds a device).
  const run = simulate(
    { ...withoutStartup(input), output: { ...input.output, events: true } },
    { policy: studyPlacement(profiles) },
  );
  const m = jobMetrics(run);
  const processes = input.jobs.map((job, j) => {
    const workload = job.workload!; // the study's jobs all train a workload
    const profile = input.workloads[workload];
    const oom = run.jobs.ooms[j] > 0 || m.outcome[j] !== 1;
    const epochsPerS = m.epochsPerHour[j] / 3600;
    return {
      workload,
      imagesPerS: oom ? null : epochsPerS * profile.imagesPerEpoch,
      epochS: oom ? null : 1 / epochsPerS,
      oom,
      memoryBytes: profile.memoryBytes,
    };
  });
  return { processes, instances: startInstances(run) };
}

/** Each MIG process's workload alone in an instance of its profile: what "no interference" would give it. */
function withAloneInInstance(
  input: ClusterInput,
  { processes, instances }: Simulated,
  memo: Map<string, number>,
): void {
  const gpu0 = input.gpus[0];
  if (gpu0.sharing.mode !== "mig") return;
  const sharing = gpu0.sharing;
  processes.forEach((p, i) => {
    const instance = instances[i];
    if (p.oom || !instance) return;
    const key = `${p.workload}@${instance.profile}`;
    if (!memo.has(key)) {
      const alone = simulated(
        {
          ...input,
          jobs: [input.jobs[i]],
          gpus: [{ ...gpu0, sharing: { ...sharing, instances: [instance] } }],
        },
        [instance.profile],
      ).processes[0];
      memo.set(key, alone.imagesPerS ?? 0);
    }
    p.aloneInInstance = memo.get(key);
  });
}

/** Why the simulator refused an experiment's scenario, in the study's terms. */
function refused(error: InputError): StudyOutcome {
  if (/sharing\.layout\b/.test(error.field)) return { kind: "infeasible", reason: error.expected };
  if (error.expected.startsWith("a workload that fits")) return { kind: "too-big", reason: error.expected };
  if (error.expected.startsWith("a workload of the calibration set"))
    return { kind: "not-calibrated", reason: error.message };
  throw error;
}

function runOne(
  e: StudyExperiment,
  target: StudyGpu,
  set: CalibrationSet,
  memo: Map<string, number>,
): StudyRun {
  const file = `${STUDY_GPUS[target]}/${studyName(e)}.yaml`;
  const migProfiles = e.mode === "mig" ? migLayout(e, target) : undefined;
  let input: ClusterInput;
  try {
    input = loadScenario(readText(new URL(file, STUDY_DIR).pathname), {
      file,
      calibration: () => set,
      readText,
    });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { experiment: e, migProfiles, outcome: refused(error) };
  }
  const result = simulated(input, migProfiles);
  withAloneInInstance(input, result, memo);
  return { experiment: e, migProfiles, outcome: { kind: "ran", processes: result.processes } };
}

/** `loadSet` defaults to the shipped sets (calibration/data/a100, .../h200); tests pass their own. */
export function runStudy(
  target: StudyGpu,
  loadSet: (name: string) => CalibrationSet = loadCalibrationSet,
): StudyGpuResult {
  const folder = STUDY_GPUS[target];
  const set = loadSet(folder);
  const matrix = parseMatrix(readText(new URL("paper-experiment-matrix.csv", STUDY_DIR).pathname));
  const memo = new Map<string, number>();
  return {
    gpu: target,
    calibration: folder,
    gpuMemoryBytes: gpu(target).memoryBytes,
    runs: matrix.map((e) => runOne(e, target, set, memo)),
  };
}
