/**
 * A validated Scenario to the ClusterInput the engine simulates (see cluster-input.ts). Pure: the calibration
 * set and any trace file come in through the context, so the CLI, tests and benches decide where they are read.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import { InputError } from "../../input-error.ts";
import { gpu } from "../../hardware/index.ts";
import { readTrace, streamJobs, type ReadText } from "../streams/from-scenario.ts";
import { readOpenbNodes, type TraceNode } from "../streams/openb-nodes.ts";
import { inflate, inflatedCount } from "../streams/inflate.ts";
import type { StreamJob } from "../streams/stream-job.ts";
import { GPU_MILLI, NODE_AWARE_POLICIES, type ClusterInput, type ClusterJob } from "./cluster-input.ts";
import { parseScenarioDocument } from "./parse.ts";
import { resolveGpus } from "./resolve-gpus.ts";
import { resolveJobs } from "./resolve-jobs.ts";
import { expectedWorkload, workloadLookup, type CalibrationSource } from "./resolve-workloads.ts";
import { limitText, scenarioLimits } from "./limits.ts";
import type { Scenario } from "./schema.ts";

export type { ClusterInput } from "./cluster-input.ts";
export type { CalibrationSource } from "./resolve-workloads.ts";

export interface ResolveContext {
  /** The scenario file: named in messages; every path it names is relative to its folder. */
  file: string;
  /**
   * Loads a calibration set by shipped name or folder path (the CLI passes calibration/set.ts's
   * loadCalibrationSet); a folder comes already resolved against the scenario's folder.
   */
  calibration: (nameOrDir: string) => CalibrationSource;
  readText: ReadText;
}

/**
 * `calibration:` is a shipped set's name (`h200`) or a path to a set folder (`./my-set`, `../sets/a`,
 * absolute), which, like every path in a scenario, is relative to the scenario file's folder, not to where
 * the command runs.
 */
export function calibrationRef(calibration: string, file: string): string {
  const path =
    isAbsolute(calibration) || /[\\/]/.test(calibration) || calibration === "." || calibration === "..";
  return path ? resolve(dirname(file), calibration) : calibration;
}

/** Jobs with workloads run on the calibration set's GPU model (profiles are per model); placement-only runs on any. */
function checkGpuModels(scenario: Scenario, set: CalibrationSource, stream: StreamJob[], file: string): void {
  if (!stream.some((j) => j.workload !== undefined)) return;
  const { gpus, nodes } = scenario.hardware;
  const named: [string, string | undefined][] = gpus.map((g, i) => [`hardware.gpus[${i}].gpu`, g.gpu]);
  if (nodes) named.push(["hardware.nodes.gpu", nodes.gpu]);
  for (const [field, name] of named)
    if (name === undefined || gpu(name).name !== set.gpu.name)
      throw new InputError(
        file,
        field,
        `${set.gpu.name}, the GPU of calibration set "${scenario.calibration}" (profiles are per GPU model)`,
        name,
      );
}

/**
 * A timeline interval within the simulated horizon: a sample past it would stretch the run (and the idle GPUs'
 * energy) to the sample's time, which for 1e308 s is an energy of Infinity.
 */
function checkTimelineInterval(scenario: Scenario, horizonS: number, file: string): void {
  const interval = scenario.output.timeline_interval_s;
  if (interval !== undefined && !(interval <= horizonS))
    throw new InputError(
      file,
      "output.timeline_interval_s",
      `an interval within the simulated horizon, ${limitText("horizon_s", horizonS)}`,
      interval,
    );
}

function checkPercentages(jobs: ClusterJob[], scenario: Scenario, file: string): void {
  let ids: Set<string> | undefined;
  scenario.hardware.gpus.forEach((group, g) => {
    if (group.sharing.mode !== "mps" || !group.sharing.percentages) return;
    ids ??= new Set(jobs.map((j) => j.id));
    for (const id of Object.keys(group.sharing.percentages))
      if (!ids.has(id))
        throw new InputError(
          file,
          `hardware.gpus[${g}].sharing.percentages.${id}`,
          "the id of a job of the scenario",
          id,
        );
  });
}

/**
 * A timeline interval too fine for the rows allowed, refused before simulating: the run lasts at least until its last
 * arrival, sampled every interval on every GPU (the engine counts the rest as it goes).
 */
function checkTimelineRows(
  jobs: ClusterJob[],
  gpus: number,
  scenario: Scenario,
  maxRows: number,
  file: string,
): void {
  const interval = scenario.output.timeline_interval_s;
  if (interval === undefined || !scenario.output.timeline || jobs.length === 0) return;
  const lastArrivalS = jobs.reduce((m, j) => Math.max(m, j.arrivalS), 0);
  if (gpus * (Math.floor(lastArrivalS / interval) + 1) > maxRows)
    throw new InputError(
      file,
      "output.timeline_interval_s",
      `an interval that gives ${limitText("timeline_rows", maxRows)} (the last job arrives at ${lastArrivalS.toPrecision(3)} s, on ${gpus} GPU(s))`,
      interval,
    );
}

/**
 * A fill replay's pods inflated to `ratio` x the GPUs, within the jobs limit: the count the ratio makes is reckoned
 * from the trace before any pod is copied (a ratio of 1000 on the openb cluster would copy 8 million pods and
 * exhaust the heap), and inflation stops one past the limit should its draws run above the reckoning.
 */
function inflated(
  stream: StreamJob[],
  gpus: number,
  ratio: number,
  seed: number,
  maxJobs: number,
  file: string,
): StreamJob[] {
  const capacity = gpus * GPU_MILLI;
  const refuse = (count: string) =>
    new InputError(
      file,
      "jobs.trace.inflation.ratio",
      `a ratio that makes ${limitText("jobs", maxJobs)} (the trace's ${stream.length} jobs inflated to ${ratio} x ${gpus} GPUs: ${count} jobs)`,
      ratio,
    );
  const count = inflatedCount(stream, capacity, ratio);
  if (count > maxJobs) throw refuse(`about ${count}`);
  const jobs = inflate(stream, capacity, ratio, seed, maxJobs);
  if (jobs.length > maxJobs) throw refuse(`more than ${maxJobs}`);
  return jobs;
}

export function resolveScenario(scenario: Scenario, ctx: ResolveContext): ClusterInput {
  const { file } = ctx;
  const { nodes } = scenario.hardware;
  const limits = scenarioLimits(scenario.limits);
  let traceNodes: TraceNode[] = [];
  if (nodes) {
    const field = "hardware.nodes.path";
    const { path, text } = readTrace(file, nodes.path, field, ctx.readText, limits.trace_mb);
    traceNodes = readOpenbNodes(text, path);
    if (!traceNodes.some((n) => n.gpus > 0))
      throw new InputError(file, field, "a node list with at least one GPU node", `${nodes.path}: none`);
  }
  const { gpus, nodes: clusterNodes } = resolveGpus(scenario.hardware, file, traceNodes, limits.gpus);
  let set: CalibrationSource;
  const ref = calibrationRef(scenario.calibration, file);
  try {
    set = ctx.calibration(ref);
  } catch (error) {
    // A set that does not exist is this file's mistake; a broken set file speaks for itself.
    if (!(error instanceof InputError) || error.file !== ref) throw error;
    const where = ref === scenario.calibration ? "" : ` (${ref}: no set there)`;
    throw new InputError(file, "calibration", error.expected + where, scenario.calibration);
  }
  const trace = scenario.jobs.trace;
  let stream = streamJobs(scenario, file, ctx.readText, limits);
  if (trace?.inflation)
    stream = inflated(stream, gpus.length, trace.inflation.ratio, scenario.seed, limits.jobs, file);
  checkGpuModels(scenario, set, stream, file);
  const lookup = workloadLookup(set, scenario.workloads, file);
  const replay = trace?.replay ?? "timed";
  const jobs = resolveJobs(stream, {
    gpus,
    nodes: clusterNodes,
    lookup,
    expected: (id) => expectedWorkload(set, scenario.workloads, id),
    replay,
    nodeAware: NODE_AWARE_POLICIES.includes(scenario.scheduler.policy),
    horizonS: limits.horizon_s,
  });
  checkPercentages(jobs, scenario, file);
  checkTimelineInterval(scenario, limits.horizon_s, file);
  checkTimelineRows(jobs, gpus.length, scenario, limits.timeline_rows, file);
  const ids = new Set<string>();
  for (const j of jobs) if (j.workload !== undefined) ids.add(j.workload);
  const sharingFrom = set.transfers?.find((x) => x.path.startsWith("sharing."))?.from;
  const workloads = Object.fromEntries([...ids].sort().map((id) => [id, lookup(id)!]));
  return {
    name: scenario.name,
    source: file,
    seed: scenario.seed,
    calibration: {
      name: scenario.calibration,
      gpu: set.gpu.name,
      sharing: set.sharing,
      ...(set.mpsFitRange === undefined ? {} : { mpsFitRange: set.mpsFitRange }),
      ...(sharingFrom === undefined ? {} : { sharingFrom }),
    },
    gpus,
    nodes: clusterNodes,
    workloads,
    jobs,
    scheduler: scenario.scheduler,
    limits,
    replay,
    output: {
      timeline: scenario.output.timeline,
      events: scenario.output.events,
      charts: scenario.output.charts,
      timelineIntervalS: scenario.output.timeline_interval_s,
    },
  };
}

/** Parse, validate and resolve scenario text: the whole path from YAML to ClusterInput. */
export function loadScenario(text: string, ctx: ResolveContext): ClusterInput {
  const { scenario, locate } = parseScenarioDocument(text, ctx.file);
  try {
    return resolveScenario(scenario, ctx);
  } catch (error) {
    // A resolution error about a field of this file gets the field's line, as validation errors do.
    if (!(error instanceof InputError) || error.file !== ctx.file) throw error;
    throw new InputError(error.file, error.field + locate(error.field), error.expected, error.got);
  }
}
