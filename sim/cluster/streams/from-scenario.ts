/** The jobs a scenario's `jobs:` section stands for, in stream order (file order, or arrival order per trace). */
import { dirname, resolve } from "node:path";
import { InputError } from "../../input-error.ts";
import { LIMITS, limitText, MIB, type ScenarioLimits } from "../scenario/limits.ts";
import { NODE_AWARE_POLICIES, type PolicyName } from "../scenario/cluster-input.ts";
import type { Scenario } from "../scenario/schema.ts";
import { generateJobs } from "./generate.ts";
import { readGenericCsv } from "./generic-csv.ts";
import { readOpenb } from "./openb.ts";
import type { StreamJob } from "./stream-job.ts";

/**
 * Reads a file the scenario refers to (a trace); injected so that the simulator itself does no I/O. It throws
 * for anything but a regular text file of at most `maxBytes`, with a message that says why in a few words and
 * quotes none of the file's content.
 */
export type ReadText = (path: string, maxBytes: number) => string;

/** Ids written in a file (a list or a trace) must be unique; generated ids are unique by construction. */
function uniqueIds(jobs: StreamJob[]): StreamJob[] {
  const seen = new Set<string>();
  for (const job of jobs) {
    if (seen.has(job.id))
      throw new InputError(job.origin.id.file, job.origin.id.field, "a unique job id", job.id);
    seen.add(job.id);
  }
  return jobs;
}

function listed(jobs: NonNullable<Scenario["jobs"]["list"]>, file: string): StreamJob[] {
  return jobs.map((job, i) => ({
    id: job.id ?? `j${i + 1}`,
    arrivalS: job.arrival_s,
    workload: job.workload,
    work: job.iterations !== undefined ? { iterations: job.iterations } : { epochs: job.epochs! },
    gpus: job.gpus,
    gpuShare: job.gpu_share,
    origin: {
      workload: { file, field: `jobs.list[${i}].workload` },
      gpus: { file, field: `jobs.list[${i}].gpus` },
      id: { file, field: `jobs.list[${i}].id` },
      arrival: { file, field: `jobs.list[${i}].arrival_s` },
      work: { file, field: `jobs.list[${i}].${job.iterations !== undefined ? "iterations" : "epochs"}` },
    },
  }));
}

function generated(
  spec: NonNullable<Scenario["jobs"]["generate"]>,
  seed: number,
  file: string,
  maxJobs: number,
): StreamJob[] {
  const gens = Array.isArray(spec) ? spec : [spec];
  const seen = new Set<string>();
  const fieldOf = (i: number) => (Array.isArray(spec) ? `jobs.generate[${i}]` : "jobs.generate");
  let total = 0;
  gens.forEach((gen, i) => {
    // Counted before any job is drawn: a count of 1e9 must not be generated to be refused.
    total += gen.count;
    if (total > maxJobs)
      throw new InputError(file, `${fieldOf(i)}.count`, limitText("jobs", maxJobs, "in all"), gen.count);
  });
  return gens.flatMap((gen, i) => {
    const field = fieldOf(i);
    const name = gen.name ?? (Array.isArray(spec) ? `gen${i + 1}` : "gen");
    if (seen.has(name)) throw new InputError(file, `${field}.name`, "a generator name used once", name);
    seen.add(name);
    return generateJobs(gen, name, seed, file, field);
  });
}

/** A file the scenario names (`field`), read relative to the scenario's folder, at most `maxMb` MiB. */
export function readTrace(
  file: string,
  relative: string,
  field: string,
  read: ReadText,
  maxMb: number = LIMITS.trace_mb.default,
): { path: string; text: string } {
  const path = resolve(dirname(file), relative);
  try {
    return { path, text: read(path, maxMb * MIB) };
  } catch (error) {
    const expected = `a readable trace file: a regular text file of ${limitText("trace_mb", maxMb)}`;
    throw new InputError(file, field, expected, `${relative}: ${(error as Error).message}`);
  }
}

type Trace = NonNullable<Scenario["jobs"]["trace"]>;

/** Fill replays place openb pods without workloads; pods without workloads need a node-aware policy. */
function checkReplay(trace: Trace, policy: PolicyName, file: string): void {
  const nodeAware = NODE_AWARE_POLICIES.includes(policy);
  if (trace.replay === "fill" && trace.format !== "openb")
    throw new InputError(
      file,
      "jobs.trace.replay",
      "timed for a csv trace (fill replays openb pod lists)",
      "fill",
    );
  if (trace.replay === "fill" && !nodeAware)
    throw new InputError(
      file,
      "scheduler.policy",
      `a node-aware policy for a fill replay (${NODE_AWARE_POLICIES.join(", ")})`,
      policy,
    );
  if (trace.replay === "fill" && trace.mix)
    throw new InputError(file, "jobs.trace.mix", "no mix in a fill replay: its pods are placed, never run");
  if (trace.replay === "fill" && trace.time_scale !== 1)
    throw new InputError(
      file,
      "jobs.trace.time_scale",
      "1 (the default) in a fill replay: its pods are placed in trace order, their times unused",
      trace.time_scale,
    );
  if (trace.inflation && trace.replay !== "fill")
    throw new InputError(
      file,
      "jobs.trace.inflation",
      "replay: fill (inflation resamples a fill replay's pods)",
    );
  if (trace.format === "openb" && !trace.mix && !nodeAware)
    throw new InputError(
      file,
      "jobs.trace.mix",
      `a workload mix: the openb trace names no models, and policy ${policy} places jobs by their workloads (node-aware policies place pods without: ${NODE_AWARE_POLICIES.join(", ")})`,
    );
}

function traced(
  trace: Trace,
  seed: number,
  policy: PolicyName,
  file: string,
  read: ReadText,
  limits: ScenarioLimits,
): StreamJob[] {
  checkReplay(trace, policy, file);
  const { path, text } = readTrace(file, trace.path, "jobs.trace.path", read, limits.trace_mb);
  let jobs: StreamJob[];
  if (trace.format === "openb") {
    const mixAt = { file, field: "jobs.trace.mix" };
    const cpuPods = NODE_AWARE_POLICIES.includes(policy);
    jobs = readOpenb(text, path, {
      mix: trace.mix,
      mixAt,
      seed,
      timeScale: trace.time_scale,
      replay: trace.replay,
      cpuPods,
    });
  } else {
    if (trace.mix)
      throw new InputError(file, "jobs.trace.mix", "no mix: a generic CSV names each job's workload");
    jobs = readGenericCsv(text, path, trace.time_scale);
  }
  jobs.sort((a, b) => a.arrivalS - b.arrivalS);
  const kept = trace.limit === undefined ? jobs : jobs.slice(0, trace.limit);
  if (kept.length === 0)
    throw new InputError(file, "jobs.trace.path", "a trace with at least one GPU job", `${trace.path}: none`);
  if (kept.length > limits.jobs)
    throw new InputError(
      file,
      "jobs.trace.path",
      `${limitText("jobs", limits.jobs)} (or jobs.trace.limit to keep the first ones)`,
      `${trace.path}: ${kept.length} jobs`,
    );
  return kept;
}

export function streamJobs(
  scenario: Scenario,
  file: string,
  read: ReadText,
  limits: ScenarioLimits,
): StreamJob[] {
  const { list, generate, trace } = scenario.jobs;
  if (list) {
    if (list.length > limits.jobs)
      throw new InputError(file, "jobs.list", limitText("jobs", limits.jobs), `${list.length} jobs`);
    return uniqueIds(listed(list, file));
  }
  if (generate) return generated(generate, scenario.seed, file, limits.jobs);
  return uniqueIds(traced(trace!, scenario.seed, scenario.scheduler.policy, file, read, limits));
}
