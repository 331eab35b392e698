/**
 * A run's result files as bytes (pure: the CLI writes them): Arrow IPC tables `jobs`, `gpu-timeline`, `events`
 * and (node-aware policies) `placement-timeline` (readable by pandas, polars, DuckDB) and `summary.json`.
 * Columns: docs/simulator.md. Counts and byte amounts are integer columns; every column with a unit carries it as
 * field metadata (units.ts).
 */
import { Dictionary, Int32, Table, Utf8, makeVector, tableToIPC, vectorFromArray } from "apache-arrow";
import type { JobTable } from "./job-table.ts";
import type { RunResult } from "./engine.ts";
import { EVENT_KINDS } from "./events-log.ts";
import { OUTCOMES, jobMetrics, summarize, type JobMetrics, type Summary } from "./metrics.ts";
import { withUnits } from "./units.ts";
import { PLACEMENT_FIGURES, type PlacementLog } from "./placement/placement-log.ts";

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
  const columns = {
    job: utf8(jobs.ids),
    workload: labels(
      0,
      Array.from(jobs.workload, (w) => (w < 0 ? null : run.workloadIds[w])),
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
  };
  if (run.placement === undefined) return new Table(columns);
  const nodes = run.input.nodes;
  const node = labels(
    3,
    Array.from(jobs.node, (n) => (n < 0 ? null : nodes[n].name)),
  );
  return new Table({ ...columns, node });
}

/** Node-aware runs: the placement figures after every arrival and departure (columns: docs/simulator.md). */
export function placementTable(log: PlacementLog): Table {
  const { rows } = log;
  const columns: Record<string, ReturnType<typeof makeVector>> = {
    time_s: makeVector(rows.time.values()),
    arrived_gpu_milli: makeVector(rows.arrivedMilli.values()),
    unscheduled_pods: makeVector(rows.unscheduled.values()),
  };
  PLACEMENT_FIGURES.forEach((name, i) => (columns[name] = makeVector(rows.figures[i].values())));
  return new Table(columns);
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

/**
 * The event log with its progress rows merged in by time (after the other events of the same time), each with the
 * job's steps done by then (its earlier rates over their spans: the rate is constant between its progress rows)
 * and its rate from then on in images/s; other rows have NaN there.
 */
export function eventsTable(run: RunResult): Table {
  const { log, jobs, profiles } = run;
  const ids = run.input.gpus.map((g) => g.id);
  const [time, kind, job, gpu, device] = [log.time, log.kind, log.job, log.gpu, log.device].map((c) =>
    c.values(),
  );
  const [pTime, pJob, pRate] = [log.progressTime, log.progressJob, log.progressRate].map((c) => c.values());
  const n = time.length + pTime.length;
  const out = {
    time: new Float64Array(n),
    kind: new Array<string>(n),
    job: new Array<string | null>(n),
    gpu: new Array<string | null>(n),
    device: new Int32Array(n),
    steps: new Float64Array(n).fill(NaN),
    rate: new Float64Array(n).fill(NaN),
  };
  const since = new Float64Array(jobs.count).fill(NaN);
  const lastRate = new Float64Array(jobs.count);
  const done = new Float64Array(jobs.count);
  for (let row = 0, e = 0, p = 0; row < n; row++) {
    if (p >= pTime.length || (e < time.length && time[e] <= pTime[p])) {
      out.time[row] = time[e];
      out.kind[row] = EVENT_KINDS[kind[e]];
      out.job[row] = job[e] < 0 ? null : jobs.ids[job[e]];
      out.gpu[row] = gpu[e] < 0 ? null : ids[gpu[e]];
      out.device[row] = device[e++];
      continue;
    }
    const j = pJob[p];
    const t = pTime[p];
    if (!Number.isNaN(since[j])) done[j] += lastRate[j] * (t - since[j]);
    since[j] = t;
    lastRate[j] = pRate[p];
    const dev = jobs.device[j];
    out.time[row] = t;
    out.kind[row] = "progress";
    out.job[row] = jobs.ids[j];
    out.gpu[row] = ids[run.cluster.devices[dev].gpu];
    out.device[row] = dev;
    out.steps[row] = done[j];
    out.rate[row] = pRate[p++] * profiles[jobs.workload[j]].batch;
  }
  return new Table({
    time_s: makeVector(out.time),
    kind: labels(0, out.kind),
    job: utf8(out.job),
    gpu: labels(1, out.gpu),
    device: makeVector(out.device),
    steps_done: makeVector(out.steps),
    rate_img_per_s: makeVector(out.rate),
  });
}

export interface RunFiles {
  summary: Summary;
  metrics: JobMetrics;
  /** File name -> contents, in a fixed order. */
  files: Map<string, Uint8Array | string>;
}

/** Every file `runFiles` may write (the timelines and events only when the scenario asks for them). */
export const RUN_FILES: ReadonlySet<string> = new Set([
  "jobs.arrow",
  "gpu-timeline.arrow",
  "events.arrow",
  "placement-timeline.arrow",
  "summary.json",
]);

export function runFiles(run: RunResult): RunFiles {
  const metrics = jobMetrics(run);
  const summary = summarize(run, metrics);
  const files = new Map<string, Uint8Array | string>();
  files.set("jobs.arrow", ipc(jobsTable(run, metrics)));
  if (run.input.output.timeline) files.set("gpu-timeline.arrow", ipc(timelineTable(run)));
  if (run.input.output.events) files.set("events.arrow", ipc(eventsTable(run)));
  if (run.input.output.timeline && run.placement)
    files.set("placement-timeline.arrow", ipc(placementTable(run.placement)));
  files.set("summary.json", `${JSON.stringify(summary, null, 2)}\n`);
  return { summary, metrics, files };
}
