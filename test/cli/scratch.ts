/** Scratch folders for the CLI tests: the test calibration set on disk, and scenarios of generated jobs on it. */
import { mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { stringify } from "yaml";
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

/**
 * A folder that looks like the checkout (a link to each of its top-level entries, `results/` and `.git` aside),
 * for commands run as a user runs them from a clone: whatever they write lands in this folder, not in the
 * checkout, unless they write into a linked folder.
 */
export function checkoutLinks(prefix: string): string {
  const root = resolve(".");
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const name of readdirSync(root))
    if (name !== "results" && name !== ".git") symlinkSync(join(root, name), join(dir, name));
  return dir;
}

/** Every file under `dir`, relative path -> bytes, in name order. */
export function tree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path));
    }
  };
  walk(dir);
  return files;
}

/**
 * `dir`/pair.yaml (pairs-N.yaml): convmixer_1536 (long kernels of many waves) beside densenet169 (thousands of short ones), both
 * arriving at once on an MPS H200 of the shipped set, which has kernel traces; `pairs` such pairs on as many GPUs
 * (two jobs a GPU); the path.
 */
export function longBesideShort(dir: string, pairs = 1): string {
  const file = join(dir, pairs === 1 ? "pair.yaml" : `pairs-${pairs}.yaml`);
  const job = (id: string, workload: string, iterations: number) => ({
    id,
    arrival_s: 0,
    workload,
    iterations,
  });
  const jobs = Array.from({ length: pairs }, (_, i) => [
    job(i === 0 ? "a" : `a${i}`, "convmixer1536-in-b32", 300),
    job(i === 0 ? "b" : `b${i}`, "densenet169-in-b64", 400),
  ]).flat();
  writeFileSync(
    file,
    stringify({
      name: "pair",
      seed: 1,
      calibration: "h200",
      hardware: { gpus: [{ gpu: GPU, count: pairs, sharing: { mode: "mps" } }] },
      jobs: { list: jobs },
      scheduler: { policy: "mps-pack", params: { max_co_runners: 2 } },
      output: { timeline: false, events: false, charts: false },
    }),
  );
  return file;
}
