/**
 * A check on another GPU made as its user would make it (docs/calibration.md, checks H1-H8): the runs' profiles
 * added to the H200 set with `calibrate --base h200`, which keeps the H200's sharing parameters, so nothing is
 * fitted on a co-running run of that GPU; then each MPS model validates the runs.
 */
import test from "ava";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ingestDataset, type Dataset } from "../../calibration/dataset.ts";
import { extendSet } from "../../calibration/extend.ts";
import { measuredRuns } from "../../calibration/measured.ts";
import {
  loadCalibrationSet,
  resolveSetDir,
  writeCalibrationSet,
  type CalibrationSet,
} from "../../calibration/set.ts";
import { loadTraces } from "../../calibration/traces.ts";
import type { KernelRow } from "../../calibration/ingest/tables.ts";
import { errorStats } from "../../calibration/validate/summary.ts";
import { validateRuns, type Validation } from "../../calibration/validate/validate.ts";
import {
  blendMps,
  replay,
  replayJob,
  replayLength,
  replayMps,
  TIME_SLICE_S,
} from "../../sim/replay/index.ts";

export type Job = Validation["comparison"]["jobs"][number];

export interface OtherGpuCheck {
  /** The runs' tables as ingested (kernels, iterations and the rest). */
  dataset: Dataset;
  runs: ReturnType<typeof measuredRuns>;
  h200: CalibrationSet;
  set: CalibrationSet;
  /** Each MPS model's validation of the runs: the fast one's also holds the other modes and the GPU figures. */
  fast: Validation;
  /** Worked out at the first call and kept: a file's tests share one replay and one blend. */
  replay: () => Validation;
  blend: () => Validation;
  /** The time-sliced jobs replayed kernel by kernel (sim/replay, naive mode), beside the fast model's errors. */
  naiveReplay: () => NaiveReplayed[];
}

/** A time-sliced job's signed errors (percent) by the fast model and by the kernel-level replay. */
export interface NaiveReplayed {
  runId: string;
  workload: string;
  fast: number;
  replay: number;
}

/** `runs` validated by `set` with its kernel traces' replay or blend as the MPS model. */
export const validateWith = (
  model: "replay" | "blend",
  set: CalibrationSet,
  traces: ReturnType<typeof loadTraces>,
  runs: ReturnType<typeof measuredRuns>,
): Validation =>
  validateRuns(set, runs, {
    mps: { name: model, model: (model === "replay" ? replayMps : blendMps)(traces) },
  });

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * Builds the set from the runs folder `runsDir` (or a list of run folders) and validates them (the replay and blend
 * lazily: they are slower).
 */
export function otherGpuCheck(runsDir: string | string[], name: string): OtherGpuCheck {
  const paths = typeof runsDir === "string" ? [runsDir] : runsDir;
  const dataset = ingestDataset(paths);
  const runs = measuredRuns(dataset);
  const h200 = { name: "h200", dir: resolveSetDir("h200"), set: loadCalibrationSet("h200") };
  const { set: built, tables } = extendSet(
    h200,
    dataset,
    `colloc calibrate ${paths.join(" ")} --base h200 --out ${name}`,
  );
  const dir = join(mkdtempSync(join(tmpdir(), `colloc-${name}-`)), name);
  writeCalibrationSet(dir, built, tables);
  const set = loadCalibrationSet(dir);
  const traces = loadTraces(dir);
  const fast = validateRuns(set, runs);
  return {
    dataset,
    runs,
    h200: h200.set,
    set,
    fast,
    replay: once(() => validateWith("replay", set, traces, runs)),
    blend: once(() => validateWith("blend", set, traces, runs)),
    naiveReplay: once(() => replayNaive(set, traces, runs, fast)),
  };
}

/**
 * Each time-sliced run whose jobs that trained all have a recorded step, replayed with the replay's 2-ms slices; its
 * jobs' errors against what they measured, beside the fast model's in `fast`.
 */
function replayNaive(
  set: CalibrationSet,
  traces: ReturnType<typeof loadTraces>,
  runs: ReturnType<typeof measuredRuns>,
  fast: Validation,
): NaiveReplayed[] {
  const sms = set.gpu.sms;
  return runs
    .filter((r) => r.mode === "naive")
    .flatMap((run) => {
      // Only the processes that trained: one that ran out of memory left its co-runners the GPU.
      const procs = run.procs.filter((p) => p.stepsPerSecond! > 0);
      const profiles = procs.map((p) => set.workloads[p.workload]);
      const recorded = profiles.map((p) => (p === undefined ? undefined : traces.solo.get(p.id)));
      if (recorded.some((t) => t === undefined)) return [];
      const { stepsPerSecond } = replay(
        recorded.map((t, i) => replayJob(t!, profiles[i], undefined, sms)),
        {
          mode: "naive",
          sms,
          params: set.sharing,
          durationS: replayLength(profiles.map((p) => p.stepTimeS)),
          timeSliceS: TIME_SLICE_S,
        },
      );
      // Copies of a workload are matched to the fast model's jobs in the order the run lists them.
      const jobs = jobsOf(fast, "naive").filter((j) => j.run_id === run.runId);
      return procs.flatMap((p, i) => {
        const at = jobs.findIndex((j) => j.workload === p.workload);
        if (at < 0) return [];
        const [job] = jobs.splice(at, 1);
        const replayed = (stepsPerSecond[i] / p.stepsPerSecond! - 1) * 100;
        return [{ runId: run.runId, workload: p.workload, fast: job.error_pct!, replay: replayed }];
      });
    });
}

/** Form G's signed error (docs/calibration.md): its rate is the geometric mean of the fast model's and the replay's. */
export const formG = (j: NaiveReplayed): number =>
  (Math.sqrt((1 + j.fast / 100) * (1 + j.replay / 100)) - 1) * 100;

/** The GPUs (UUIDs) that recorded `runs`, each once, in the order they first appear. */
export const cards = (runs: readonly { gpuUuid: string }[]): string[] => [
  ...new Set(runs.map((r) => r.gpuUuid)),
];

/** The traced kernels of `workload`'s process in run `runId` of `check`. */
export function kernelsOf(check: OtherGpuCheck, runId: string, workload: string): KernelRow[] {
  const proc = check.runs.find((r) => r.runId === runId)!.procs.find((p) => p.workload === workload)!.proc;
  return check.dataset.kernels.filter((k) => k.run_id === runId && k.proc === proc);
}

/** The jobs of `mode` that have an error. */
export const jobsOf = (v: Validation, mode: string): Job[] =>
  v.comparison.jobs.filter((j) => j.mode === mode && j.error_pct !== null);

export const errors = (jobs: Job[]) => jobs.map((j) => Math.abs(j.error_pct!));
export const mape = (jobs: Job[]) => errorStats(jobs.map((j) => j.error_pct)).mean_abs!;
/** Their mean signed error (percent; negative: predicted too slow). */
export const bias = (jobs: Job[]) => errorStats(jobs.map((j) => j.error_pct)).mean!;

/** The spread of some throughputs: the largest over the smallest, less 1. */
export const spread = (xs: number[]) => Math.max(...xs) / Math.min(...xs) - 1;

/** Per-job MAPE, bias and worst job, for a test's log. */
export const summary = (jobs: Job[]) =>
  `${mape(jobs).toFixed(2)} % (bias ${bias(jobs).toFixed(2)} %, max ${Math.max(...errors(jobs)).toFixed(1)} %)`;

/** Each job's throughput over its workload's measured solo throughput in `v`, predicted and measured. */
export function soloShares(v: Validation, jobs: Job[]) {
  const solo = (w: string) => jobsOf(v, "exclusive").find((j) => j.workload === w)!.measured_img_s!;
  return jobs.map((j) => ({
    workload: j.workload,
    predicted: j.predicted_img_s! / solo(j.workload),
    measured: j.measured_img_s! / solo(j.workload),
  }));
}

/** The jobs of other workloads in the runs that hold `workload`: its co-runners. */
export const besideWorkload = (jobs: Job[], workload: string): Job[] =>
  jobs.filter(
    (j) => j.workload !== workload && jobs.some((k) => k.run_id === j.run_id && k.workload === workload),
  );

/** The job furthest off, either way. */
export const worstJob = (jobs: Job[]): Job =>
  jobs.reduce((w, j) => (Math.abs(j.error_pct!) > Math.abs(w.error_pct!) ? j : w));

/** Whether `jobs` meet issue 13's per-job targets: at most 8 % on the mean, none over 25 %. */
export const withinIssueTargets = (jobs: Job[]) => mape(jobs) <= 8 && Math.max(...errors(jobs)) <= 25;

/** A check's claim about its time-sliced pair: what it says, and whether the pair's two jobs bear it out. */
export interface NaiveClaim {
  says: string;
  holds: (jobs: Job[]) => boolean;
}

/** C2 as H10-H13 wrote it down: each job of the time-sliced pair within 5 %. */
const withinFivePercent: NaiveClaim = {
  says: "is within 5 % per job",
  holds: (jobs) => Math.max(...errors(jobs)) <= 5,
};

/**
 * The tests of a check of two models on one card (H10 on: the MPS pair and two more MPS mixes of three, and the
 * time-sliced pair in `calibration/data/h100-runs-NAME`): its 12 runs are the card `uuid`'s, and the claims written
 * down before its runs hold: C1, the MPS jobs within 8 % per job by the blend and none over 25 %; C2, `naive` about
 * the time-sliced pair (H10-H13: within 5 % per job; where a check measured its claim failing, the failure as
 * measured); C3, in the MPS pair, the job the blend says keeps the larger share of its solo speed does.
 */
export function twoModelCheck(name: string, uuid: string, naive: NaiveClaim = withinFivePercent): void {
  const { runs, blend } = otherGpuCheck(`calibration/data/h100-runs-${name}`, name);
  const check = name.toUpperCase();

  test(`check ${check}'s runs are one H100's`, (t) => {
    t.is(runs.length, 12);
    t.deepEqual(cards(runs), [uuid]);
  });

  test(`${check} C1: the MPS jobs are within 8 % per job by the blend, none over 25 %`, (t) => {
    const jobs = jobsOf(blend(), "mps");
    t.is(jobs.length, 8);
    t.log(`MPS: blend ${summary(jobs)}`);
    t.true(withinIssueTargets(jobs));
  });

  test(`${check} C2: the time-sliced pair ${naive.says}`, (t) => {
    const jobs = jobsOf(blend(), "naive");
    t.is(jobs.length, 2);
    t.log(jobs.map((j) => `${j.workload} ${j.error_pct!.toFixed(2)} %`).join(", "));
    t.true(naive.holds(jobs));
  });

  test(`${check} C3: in the MPS pair the blend names the job that keeps more of its solo speed`, (t) => {
    const jobs = jobsOf(blend(), "mps");
    const pair = jobs.filter((j) => jobs.filter((k) => k.run_id === j.run_id).length === 2);
    t.is(pair.length, 2);
    const [a, b] = soloShares(blend(), pair);
    t.log(
      [a, b]
        .map((s) => `${s.workload} ${s.measured.toFixed(2)} (${s.predicted.toFixed(2)})`)
        .join(" beside "),
    );
    t.is(a.predicted > b.predicted, a.measured > b.measured);
  });
}
