/**
 * The study's compact table: one row per experiment, workload (or mix) and instance count, with aggregate
 * throughput and epoch time under naive, MPS and MIG side by side, marks for OOM, infeasible MIG geometries
 * and workloads the calibration set lacks.
 */
import type { StudyRun } from "./outcome.ts";

/** One mode's result in a row. */
export interface ModeCell {
  /** Sum over the processes that finished in place, images/s; null when none did. */
  imagesPerS: number | null;
  /** The longest epoch time among them, s (for identical processes: every process's). */
  epochS: number | null;
  /** Processes that ran out of memory (or never fitted their instance), of `processes`. */
  oom: number;
  processes: number;
  /** Set when the experiment did not run: "infeasible" MIG geometry, "too-big" for every instance, "n/a". */
  mark?: "infeasible" | "OOM" | "n/a";
  /** MIG profile(s) of the processes, e.g. "3g.71gb" or "4g.71gb+2g.35gb+1g.18gb". */
  profile?: string;
}

export interface StudyRow {
  experiment: number;
  /** The workload, or a mix such as "resnet152-in-b32 + 2x resnet50-i64-b128". */
  workload: string;
  instances: number;
  naive?: ModeCell;
  mps?: ModeCell;
  mig: ModeCell[];
}

function label(workloads: string[]): string {
  const counts = new Map<string, number>();
  for (const w of workloads) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts].map(([w, n]) => (n > 1 ? `${n}x ${w}` : w)).join(" + ");
}

function profileLabel(profiles: string[]): string {
  return [...new Set(profiles)].join("+");
}

export function cellOf(run: StudyRun): ModeCell {
  const n = run.experiment.processes.length;
  const profile = run.migProfiles && profileLabel(run.migProfiles);
  const o = run.outcome;
  if (o.kind !== "ran") {
    const mark = o.kind === "infeasible" ? "infeasible" : o.kind === "too-big" ? "OOM" : "n/a";
    return { imagesPerS: null, epochS: null, oom: o.kind === "too-big" ? n : 0, processes: n, mark, profile };
  }
  const done = o.processes.filter((p) => !p.oom);
  return {
    imagesPerS: done.length > 0 ? done.reduce((s, p) => s + p.imagesPerS!, 0) : null,
    epochS: done.length > 0 ? Math.max(...done.map((p) => p.epochS!)) : null,
    oom: n - done.length,
    processes: n,
    mark: done.length === 0 ? "OOM" : undefined,
    profile,
  };
}

/** Experiment 37 codes its mixes as <mix><mode digit>; 33-36 number workloads one by one. */
const groupKey = (run: StudyRun) => {
  const e = run.experiment;
  const workloads = e.processes.map((p) => p.workload);
  const mix = e.experiment === 37 ? Math.floor(e.workload / 10) : label(workloads);
  return `${e.experiment}|${mix}|${workloads.length}`;
};

export function studyRows(runs: StudyRun[]): StudyRow[] {
  const rows = new Map<string, StudyRow>();
  for (const run of runs) {
    const e = run.experiment;
    const key = groupKey(run);
    let row = rows.get(key);
    if (!row) {
      row = {
        experiment: e.experiment,
        workload: label(e.processes.map((p) => p.workload)),
        instances: e.processes.length,
        mig: [],
      };
      rows.set(key, row);
    }
    if (e.mode === "mig") row.mig.push(cellOf(run));
    else row[e.mode] = cellOf(run);
  }
  return [...rows.values()];
}
