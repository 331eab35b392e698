/** One dataset, one GPU model: runs from different GPUs would mix calibrations, so they are refused by default. */
import { join } from "node:path";
import { InputError } from "../../sim/input-error.ts";
import type { ParsedRun } from "./read-run.ts";

/** Throw for the first run whose GPU differs from the one most runs used (ties: the name sorting first). */
export function checkOneGpu(runs: readonly ParsedRun[]): void {
  const counts = new Map<string, number>();
  for (const r of runs) counts.set(r.manifest.gpu.name, (counts.get(r.manifest.gpu.name) ?? 0) + 1);
  const [common, count] = [...counts].sort(([a, n], [b, m]) => m - n || (a < b ? -1 : 1))[0] ?? ["", 0];
  const odd = runs.find((r) => r.manifest.gpu.name !== common);
  if (odd) {
    throw new InputError(
      join(odd.folder, "manifest.json"),
      "gpu.name",
      `${common}, the GPU of the ${count} other run(s) (pass --allow-mixed-gpus to mix GPUs on purpose)`,
      odd.manifest.gpu.name,
    );
  }
}
