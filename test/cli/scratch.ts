/** Scratch folders for the CLI tests: the test calibration set on disk, and scenarios of generated jobs on it. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GPU, writeTestCalibration } from "../cluster/fixtures.ts";

/** A fresh folder under the system's temp folder, with the test calibration set written to `calibration`. */
export function scratch(prefix: string): { dir: string; calibration: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const calibration = join(dir, "cal");
  writeTestCalibration(calibration);
  return { dir, calibration };
}

export interface Stream {
  gpus: number;
  count: number;
  ratePerHour: number;
  /** Weights of the test workloads (small, large). */
  mix: Record<string, number>;
  /** Iterations of each job are drawn uniformly from 100 to this. */
  maxIterations: number;
}

/** The scenario's calibration, hardware, jobs and scheduler: a Poisson stream of jobs packed onto MPS H200s. */
export function mpsStream(calibration: string, s: Stream) {
  return {
    calibration,
    hardware: { gpus: [{ gpu: GPU, count: s.gpus, sharing: { mode: "mps" } }] },
    jobs: {
      generate: {
        count: s.count,
        arrivals: { poisson: { rate_per_hour: s.ratePerHour } },
        mix: s.mix,
        work: { iterations: { uniform: { min: 100, max: s.maxIterations } } },
      },
    },
    scheduler: { policy: "mps-pack" },
  };
}
