/**
 * How far apart copies of one workload in one run measured. Copies share the GPU, the mode and their co-runners,
 * so a model that predicts from what the jobs are gives them one speed, and its worst error on them is at least
 * (fastest - slowest) / (fastest + slowest): the speed that splits the two errors evenly. Measured spreads set a
 * floor under the largest per-job error any such model can reach (processes that autotuned cuDNN side by side
 * keep different algorithms: the usual cause).
 */

/** The measured side of a compared job (calibration/validate/tables.ts's JobComparison has these fields). */
export interface MeasuredJob {
  run_id: string;
  mode: string;
  proc: number;
  workload: string;
  measured_img_s: number | null;
  error_pct: number | null;
}

export interface CopySpread {
  run_id: string;
  workload: string;
  /** Compared copies of the workload in the run. */
  copies: number;
  slowest_img_s: number;
  fastest_img_s: number;
  /** The least largest error (percent) one speed for every copy can reach: (fastest - slowest) / (fastest + slowest). */
  floor_pct: number;
}

export interface CopySpreads {
  /** Runs-and-workloads with at least two compared copies. */
  n: number;
  /** The widest spread, which bounds the largest per-job error from below; null when no run has copies. */
  widest: CopySpread | null;
}

/**
 * How many runs have copies of one workload (two or more compared jobs), and the widest spread among them; a process
 * listed again (the same run predicted in several leave-models-out folds) counts once.
 */
export function copySpreads(jobs: readonly MeasuredJob[]): CopySpreads {
  const groups = new Map<string, { run_id: string; workload: string; procs: Map<number, number> }>();
  for (const j of jobs) {
    if (j.error_pct === null || j.measured_img_s === null) continue;
    const key = `${j.run_id}\u0000${j.workload}`;
    const group = groups.get(key) ?? { run_id: j.run_id, workload: j.workload, procs: new Map() };
    group.procs.set(j.proc, j.measured_img_s);
    groups.set(key, group);
  }
  const spreads: CopySpread[] = [...groups.values()]
    .filter((g) => g.procs.size > 1)
    .map(({ run_id, workload, procs }) => {
      const speeds = [...procs.values()];
      const slowest = Math.min(...speeds);
      const fastest = Math.max(...speeds);
      return {
        run_id,
        workload,
        copies: speeds.length,
        slowest_img_s: slowest,
        fastest_img_s: fastest,
        floor_pct: ((fastest - slowest) / (fastest + slowest)) * 100,
      };
    });
  const widest = spreads.reduce<CopySpread | null>(
    (w, c) => (w === null || c.floor_pct > w.floor_pct ? c : w),
    null,
  );
  return { n: spreads.length, widest };
}

/**
 * The runs of `jobs` in which two or more processes ran one workload and nothing else (`copies`), and those in which
 * two or more workloads ran (`mixes`); a process listed again (several leave-models-out folds) counts once.
 */
export function runsByCoRunners(jobs: readonly Pick<MeasuredJob, "run_id" | "proc" | "workload">[]): {
  copies: Set<string>;
  mixes: Set<string>;
} {
  const runs = new Map<string, { procs: Set<number>; workloads: Set<string> }>();
  for (const j of jobs) {
    const run = runs.get(j.run_id) ?? { procs: new Set(), workloads: new Set() };
    run.procs.add(j.proc);
    run.workloads.add(j.workload);
    runs.set(j.run_id, run);
  }
  const copies = new Set<string>();
  const mixes = new Set<string>();
  for (const [id, { procs, workloads }] of runs) {
    if (workloads.size > 1) mixes.add(id);
    else if (procs.size > 1) copies.add(id);
  }
  return { copies, mixes };
}
