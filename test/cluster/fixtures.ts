/**
 * Hand-made inputs for the cluster tests: H200 profiles with round numbers, a calibration source holding
 * them, scenarios built from plain objects, and a tiny sharing model whose consequences can be worked out by
 * hand (pure time-slicing: n co-runners each step at 1/n of their solo rate; memory admitted in order).
 */
import { stringify } from "yaml";
import { writeCalibrationSet } from "../../calibration/set.ts";
import {
  loadScenario,
  type CalibrationSource,
  type ClusterInput,
} from "../../sim/cluster/scenario/resolve.ts";
import type { RunResult } from "../../sim/cluster/engine.ts";
import { EVENT_KINDS } from "../../sim/cluster/events-log.ts";
import type { ShareFn } from "../../sim/cluster/share-memo.ts";
import type { SharingParams, WorkloadProfile } from "../../sim/sharing/types.ts";
import { startingSharing } from "../../calibration/fit/sharing-params.ts";

export const GPU = "H200-141GB";
const GB = 1e9;

export const params: SharingParams = { ...startingSharing({ idleW: 100, maxW: 700 }), mpsInterference: 0.05 };

export function testProfile(id: string, stepTimeS = 1, memoryGb = 10, busy = 0.5): WorkloadProfile {
  return {
    id,
    model: id,
    batch: 100,
    imagesPerEpoch: 10_000,
    gpu: GPU,
    stepTimeS,
    stepTimeCv: 0,
    busyFraction: busy,
    smScaling: { sms: [132], stepTimeS: [stepTimeS] },
    smCurve: { referenceSms: 132, serialS: stepTimeS * (1 - busy), parallelS: stepTimeS * busy, alpha: 1 },
    memoryBoundFraction: 0,
    memoryBytes: memoryGb * GB,
    smActivity: busy,
    dramUtil: 0.3,
    powerW: 400,
    transferred: false,
  };
}

export const calibration: CalibrationSource = {
  gpu: { name: GPU },
  sharing: params,
  workloads: {
    small: testProfile("small", 1, 10, 0.3),
    large: testProfile("large", 2, 60, 0.9),
    huge: testProfile("huge", 1, 100, 0.9),
  },
};

/** A scenario object (the YAML's shape) resolved against the test calibration. */
export function input(
  scenario: Record<string, unknown>,
  readText: (path: string) => string = () => "",
): ClusterInput {
  const text = stringify({ name: "test", seed: 1, calibration: "test", ...scenario });
  return loadScenario(text, { file: "test.yaml", calibration: () => calibration, readText });
}

/** A job of a scenario's `jobs.list`. */
export const job = (id: string, arrival_s: number, workload: string, iterations: number) => ({
  id,
  arrival_s,
  workload,
  iterations,
});

/**
 * Two naive H200s packed two co-runners deep: a and b (small) share GPU 0, c (large) arrives at 10 s on GPU 1.
 * Small enough to work out by hand (test/cluster/metrics.test.ts does).
 */
export const packedPairInput = () =>
  input({
    hardware: gpus({ mode: "naive" }, 2),
    jobs: { list: [job("a", 0, "small", 100), job("b", 0, "small", 50), job("c", 10, "large", 10)] },
    scheduler: { policy: "naive-pack", params: { max_co_runners: 2 } },
  });

/** One GPU group of `count` H200s with the given sharing setup. */
export function gpus(sharing: Record<string, unknown>, count = 1) {
  return { gpus: [{ gpu: GPU, count, sharing }] };
}

/** Time-slicing by hand: each of n admitted co-runners steps at 1/n of its solo rate. */
export const tinyShare: ShareFn = (gpu, setup, coRunners) => {
  const capacity = setup.mode === "mig" ? setup.instance.memoryBytes : gpu.memoryBytes;
  let used = 0;
  const oom = coRunners.map((c) => {
    const fits = used + c.profile.memoryBytes <= capacity;
    if (fits) used += c.profile.memoryBytes;
    return !fits;
  });
  const n = oom.filter((o) => !o).length;
  return {
    stepsPerSecond: coRunners.map((c, i) => (oom[i] ? 0 : 1 / (c.profile.stepTimeS * n))),
    oom,
    utilization: n > 0 ? 1 : 0,
    smActivity: n > 0 ? 0.5 : 0,
    memoryBytes: used,
    powerW: setup.mode === "mig" ? 50 * n : 100 + 100 * n,
    load: n > 0 ? 1 : 0,
  };
};

/** The test calibration as a set folder the CLI can load (`calibration: <that folder>` in a scenario). */
export function writeTestCalibration(dir: string): void {
  writeCalibrationSet(
    dir,
    {
      schema: "colloc.calibration/1",
      gpu: { name: GPU, sms: 132, memoryBytes: 141 * GB, baselineMemoryBytes: 0 },
      provenance: {
        command: "test fixture",
        date: "2026-01-01",
        software: {},
        runs: [],
        sources: ["hand-made"],
      },
      sharing: params,
      workloads: calibration.workloads,
      fitErrors: {},
      transfers: [],
      skipped: [],
      warnings: [],
    },
    {},
  );
}

/** MIG profile of the instance job `j` started in. */
export function instanceProfileOf(run: RunResult, j: number): string | undefined {
  const start = EVENT_KINDS.indexOf("start");
  const at = run.log.kind.values().findIndex((k, i) => k === start && run.log.job.values()[i] === j);
  return run.cluster.devices[run.log.device.values()[at]].instance?.profile;
}

/** GPU index of each start event, in the order jobs started. */
export function startGpus(run: RunResult): number[] {
  const start = EVENT_KINDS.indexOf("start");
  const kinds = run.log.kind.values();
  const gpu = run.log.gpu.values();
  return Array.from(kinds.keys())
    .filter((i) => kinds[i] === start)
    .map((i) => gpu[i]);
}
