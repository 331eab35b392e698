/** Simulate a resolved scenario and gather every output file: tables, summary, chart specs and their SVGs. */
import { REPORT_FILE } from "../report/html.ts";
import { renderSvg } from "../report/svg.ts";
import { runCharts } from "../sim/cluster/charts.ts";
import { simulate, type SimulateOptions } from "../sim/cluster/engine.ts";
import type { Summary } from "../sim/cluster/metrics.ts";
import { RUN_FILES, runFiles } from "../sim/cluster/results.ts";
import type { ClusterInput } from "../sim/cluster/scenario/cluster-input.ts";

export interface RunOutputs {
  summary: Summary;
  files: Map<string, Uint8Array | string>;
}

export async function runOutputs(input: ClusterInput, options: SimulateOptions = {}): Promise<RunOutputs> {
  const run = simulate(input, options);
  const { summary, metrics, files } = runFiles(run);
  if (input.output.charts) {
    for (const [name, spec] of runCharts(run, metrics)) {
      files.set(`chart-${name}.vl.json`, `${JSON.stringify(spec, null, 2)}\n`);
      files.set(`chart-${name}.svg`, await renderSvg(spec));
    }
  }
  return { summary, files };
}

/** Every file `runOutputs` may write, and the report made of them (`colloc report`): what `--out` may already hold. */
export function isRunOutput(name: string): boolean {
  return RUN_FILES.has(name) || name === REPORT_FILE || /^chart-[\w-]+\.(vl\.json|svg)$/.test(name);
}
