import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ingestDataset } from "./calibration/dataset.ts";
import { extendSet } from "./calibration/extend.ts";
import { measuredRuns } from "./calibration/measured.ts";
import { loadCalibrationSet, resolveSetDir, writeCalibrationSet } from "./calibration/set.ts";
import { validateRuns } from "./calibration/validate/validate.ts";
function otherGpuCheck(p: string, name: string) {
  const dataset = ingestDataset([p]);
  const runs = measuredRuns(dataset);
  const h200 = { name: "h200", dir: resolveSetDir("h200"), set: loadCalibrationSet("h200") };
  const { set: built, tables } = extendSet(h200, dataset, "x");
  const dir = join(mkdtempSync(join(tmpdir(), `colloc-${name}-`)), name);
  writeCalibrationSet(dir, built, tables);
  return { set: loadCalibrationSet(dir), fast: validateRuns(loadCalibrationSet(dir), runs) };
}
const jobsOf = (v: any, mode: string): any[] => v.comparison.jobs.filter((j: any) => j.mode === mode && j.error_pct !== null);
for (const name of process.argv[2].split(",")) {
  const c = otherGpuCheck(`calibration/data/h100-runs-${name}`, name);
  const jobs = jobsOf(c.fast, "naive");
  const solo = (w: string) => jobsOf(c.fast, "exclusive").find((j) => j.workload === w)?.measured_img_s ?? NaN;
  for (const j of jobs) {
    const co = jobs.filter((k) => k.run_id === j.run_id && k !== j);
    if (co.length !== 1) continue;
    const p = c.set.workloads[j.workload], k = co[0], q = c.set.workloads[k.workload];
    const meas = j.measured_img_s / solo(j.workload), pred = j.predicted_img_s / solo(j.workload);
    const e = (p.kernels?.exposedPerStep ?? 0) / p.stepTimeS / 1000;
    const n = p.kernels ? p.kernels.perStep / p.stepTimeS / 1000 : 0;
    const u = q.busyFraction * (k.predicted_img_s / solo(k.workload));
    const extra = e > 0 ? ((1 / meas - 1 / pred) / (e * u)) * 1000 : NaN;
    const kq = q.kernels ? 1 - q.kernels.exposedPerStep / q.kernels.perStep : 1;
    console.log([name, j.workload.padEnd(28), `b${p.busyFraction.toFixed(2)}`, `e${e.toFixed(1)}`, `n${n.toFixed(1)}`, `kus${(p.busyFraction*1000/n).toFixed(1)}`, `meas ${meas.toFixed(2)}`, `pred ${pred.toFixed(2)}`, `extraUs ${extra.toFixed(1)}`, "| co", k.workload.padEnd(28), `b${q.busyFraction.toFixed(2)} q${kq.toFixed(2)} u${u.toFixed(2)}`].join(" "));
  }
}
