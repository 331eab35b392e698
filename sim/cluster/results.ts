/**
 * A run's result files as bytes (pure: the CLI writes them): Arrow IPC tables `jobs`, `gpu-timeline` and
 * `events` (readable by pandas, polars, DuckDB) and `summary.json`. Columns: docs/simulator.md. Counts and
 * byte amounts are integer columns; every column with a unit carries it as field metadata (units.ts).
 */
import { Dictionary, Int32, Table, Utf8, makeVector, tableToIPC, vectorFromArray } from "apache-arrow";
import type { JobTable } from "./job-table.ts";
import type { RunResult } from "./engine.ts";
import { EVENT_KINDS } from "./events-log.ts";
import { OUTCOMES, jobMetrics, summarize, type JobMetrics, type Summary } from "./metrics.ts";
import { withUnits } from "./units.ts";

const utf8 = (values: (string | null)[]) => vectorFromArray(values, new Utf8());
/**
 * Strings with few distinct values (workloads, GPU ids, event kinds) as dictionary columns. The dictionary id
 * is given (unique within a file): arrow's default comes from a process-wide counter, so the same table would
 * get other bytes after other tables were built in the same process (a sweep worker's second point).
 */
const labels = (id: number, values: (string | null)[]) =>
  vectorFromArray(values, new Dictionary(new Utf8(), new Int32(), id));
const ipc = (table: Table) => tableToIPC(withUnits(table), "file");
/** Whole numbers held as doubles (steps, and bytes, which the memory model gives in fractions) as int64. */
const int64 = (values: Float64Array) => makeVector(BigInt64Array.from(values, (v) => BigInt(Math.round(v))));
/** SMs each job could use, null for a job that never started. */
const smLimits = (jobs: JobTable) =>
  vectorFromArray(
    Array.from(jobs.smLimit, (s) => (s < 0 ? null : s)),
    new Int32(),
  );

export function jobsTable(run: RunResult, m: JobMetrics): Table {
  const { jobs } = run;
  const ids = run.input.gpus.map((g) => g.id);
  const gpuOfJob = Array.from(jobs.device, (dev) => (dev < 0 ? null : ids[run.cluster.devices[dev].gpu]));
  return new Table({
    job: utf8(jobs.ids),
    workload: labels(
      0,
      Array.from(jobs.workload, (w) => run.workloadIds[w]),
    ),
    gpus: makeVector(jobs.gpus),
    steps: int64(jobs.steps),
    arrival_s: makeVector(jobs.arrival),
    start_s: makeVector(jobs.start),
    finish_s: makeVector(jobs.end),
    wait_s: makeVector(m.waitS),
    completion_s: makeVector(m.completionS),
    startup_s: makeVector(m.startupS),
    train_s: makeVector(m.trainS),
    train_img_per_s: makeVector(m.trainImgPerS),
    sm_limit: smLimits(jobs),
    solo_s: makeVector(m.soloS),
    slowdown: makeVector(m.slowdown),
    epochs: makeVector(m.epochs),
    epochs_per_hour: makeVector(m.epochsPerHour),
    ooms: makeVector(Int32Array.from(jobs.ooms)),
    outcome: labels(
      1,
      Array.from(m.outcome, (o) => OUTCOMES[o]),
    ),
    last_gpu: labels(2, gpuOfJob),
  });
}

export function timelineTable(run: RunResult): Table {
  const t = run.ledger.timeline;
  const ids = run.input.gpus.map((g) => g.id);
  return new Table({
    time_s: makeVector(t.time.values()),
    gpu: labels(
      0,
      Array.from(t.gpu.values(), (g) => ids[g]),
    ),
    jobs: makeVector(t.jobs.values()),
    utilization: makeVector(t.utilization.values()),
    sm_activity: makeVector(t.smActivity.values()),
    memory_bytes: int64(t.memoryBytes.values()),
    power_w: makeVector(t.powerW.values()),
    energy_j: makeVector(t.energyJ.values()),
  });
}

export function eventsTable(run: RunResult): Table {
  const { log, jobs } = run;
  const ids = run.input.gpus.map((g) => g.id);
  return new Table({
    time_s: makeVector(log.time.values()),
    kind: labels(
      0,
      Array.from(log.kind.values(), (k) => EVENT_KINDS[k]),
    ),
    job: utf8(Array.from(log.job.values(), (j) => (j < 0 ? null : jobs.ids[j]))),
    gpu: labels(
      1,
      Array.from(log.gpu.values(), (g) => (g < 0 ? null : ids[g])),
    ),
    device: makeVector(log.device.values()),
    steps_done: makeVector(log.stepsDone.values()),
    rate_img_per_s: makeVector(log.imgPerS.values()),
  });
}

export interface RunFiles {
  summary: Summary;
  metrics: JobMetrics;
  /** File name -> contents, in a fixed order. */
  files: Map<string, Uint8Array | string>;
}

export function runFiles(run: RunResult): RunFiles {
  const metrics = jobMetrics(run);
  const summary = summarize(run, metrics);
  const files = new Map<string, Uint8Array | string>();
  files.set("jobs.arrow", ipc(jobsTable(run, metrics)));
  if (run.input.output.timeline) files.set("gpu-timeline.arrow", ipc(timelineTable(run)));
  if (run.input.output.events) files.set("events.arrow", ipc(eventsTable(run)));
  files.set("summary.json", `${JSON.stringify(summary, null, 2)}\n`);
  return { summary, metrics, files };
}
