/**
 * Job start-up: how much longer a fresh job takes than its steady steps. Fitted from live replays made for
 * calibration (validation false, e.g. scenarios/calibration/startup-h200.yaml): each finished job's time from
 * its start (process handed the job) to its last step, minus its steps at their median step time. What is left
 * is model build, CUDA context and the first steps' cuDNN autotuning. Per workload, the median over its jobs.
 */
import { group } from "d3-array";
import type { Dataset } from "../dataset.ts";
import { median } from "./stats.ts";

export interface StartupFit {
  /** Seconds per workload id that had at least one such job. */
  startupS: Map<string, number>;
  /** The replay runs the fit used. */
  runs: string[];
}

export function fitStartup(ds: Dataset): StartupFit {
  const runs = ds.runs.filter(
    (r) => r.mode === "replay" && !r.validation && r.status === "complete" && r.ingest_status === "ok",
  );
  const ids = new Set(runs.map((r) => r.run_id));
  const steps = group(
    ds.steps.filter((s) => ids.has(s.run_id) && s.phase === "job"),
    (s) => s.run_id,
    (s) => s.proc,
  );
  const perWorkload = new Map<string, number[]>();
  for (const job of ds.jobs) {
    if (!ids.has(job.run_id) || job.outcome !== "ok" || job.start_s === null || job.finish_s === null)
      continue;
    const dts = (steps.get(job.run_id)?.get(job.proc) ?? []).map((s) => s.dt_s);
    if (dts.length < 3) continue;
    const extra = job.finish_s - job.start_s - dts.length * median(dts);
    perWorkload.set(job.workload, [...(perWorkload.get(job.workload) ?? []), Math.max(0, extra)]);
  }
  return {
    startupS: new Map([...perWorkload].map(([w, xs]) => [w, median(xs)])),
    runs: [...ids].sort(),
  };
}
