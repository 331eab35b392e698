/** One dataset, one GPU model: runs from different GPUs would mix calibrations, so they are refused by default. */
import { join } from "node:path";
import { findGpu } from "../../sim/hardware/index.ts";
import { InputError } from "../../sim/input-error.ts";
import type { ParsedRun } from "./read-run.ts";

/** Whose GPU the runs should share, and what the message advises. */
export interface OneGpu {
  /** The GPU the runs are meant for (a catalog name: a calibration set's): its runs are the right ones. */
  of?: string;
  /** What the user can do about a run of another GPU. */
  advice?: string;
}

/** A manifest's GPU (NVML's name) as the catalog names it, or as written when the catalog does not know it. */
const catalogName = (name: string): string => findGpu(name)?.name ?? name;

/**
 * Throw for the first run whose GPU differs from the one the runs are meant for, else from the one most runs used
 * (ties: the name sorting first).
 */
export function checkOneGpu(
  runs: readonly ParsedRun[],
  { of, advice = "pass --allow-mixed-gpus to mix GPUs on purpose" }: OneGpu = {},
): void {
  const counts = new Map<string, number>();
  for (const r of runs) counts.set(r.manifest.gpu.name, (counts.get(r.manifest.gpu.name) ?? 0) + 1);
  const byCount = [...counts].sort(([a, n], [b, m]) => m - n || (a < b ? -1 : 1));
  const [common, count] = byCount.find(([name]) => catalogName(name) === of) ?? byCount[0] ?? ["", 0];
  const odd = runs.find((r) => r.manifest.gpu.name !== common);
  if (odd) {
    throw new InputError(
      join(odd.folder, "manifest.json"),
      "gpu.name",
      `${common}, the GPU of the ${count} other run(s) (${advice})`,
      odd.manifest.gpu.name,
    );
  }
}
