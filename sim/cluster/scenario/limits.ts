/**
 * Size limits, as data: what a scenario, a sweep or an ingest may ask of one process before it is refused as
 * bad input (docs/scenarios.md, "Limits"). A raisable limit has a default and a ceiling and is raised by the
 * field or flag `raise` names; a fixed one has `raise: undefined`. Every message about a limit comes from
 * `limitText`, so it always says the limit and how to raise it.
 */

export interface Limit {
  /** What is counted, in the message's words ("jobs", "GPUs", "MiB"). */
  unit: string;
  default: number;
  /** The most `raise` may ask for: beyond it memory or the clock's resolution (float seconds) give out. */
  max: number;
  /** The scenario or sweep field, or the flag, that raises it; undefined for a fixed limit. */
  raise?: string;
}

export const LIMITS = {
  /** Jobs of one scenario (about 650 MB and 11 s per million jobs on 6,500 GPUs, bench:cluster). */
  jobs: { unit: "jobs", default: 1_000_000, max: 4_000_000, raise: "limits.jobs" },
  /** GPUs of one scenario, after `count`s are unrolled and node lists read. */
  gpus: { unit: "GPUs", default: 100_000, max: 1_000_000, raise: "limits.gpus" },
  /**
   * Simulated seconds by which every job could have arrived and run alone (about 3.2 years; at most 1e9 s,
   * where the clock still resolves microseconds).
   */
  horizon_s: { unit: "s", default: 1e8, max: 1e9, raise: "limits.horizon_s" },
  /** Rows of the GPU timeline (GPUs x samples) a `timeline_interval_s` may make. */
  timeline_rows: {
    unit: "timeline rows",
    default: 10_000_000,
    max: 50_000_000,
    raise: "limits.timeline_rows",
  },
  /** Size of each file a scenario names (traces, node lists). */
  trace_mb: { unit: "MiB", default: 64, max: 256, raise: "limits.trace_mb" },
  /** Points of one sweep grid (the product of its axes' lengths). */
  points: { unit: "points", default: 10_000, max: 100_000, raise: "limits.points" },
  /** Size of each run file `colloc ingest` reads. */
  ingest_mb: { unit: "MiB", default: 256, max: 500, raise: "--max-file-mb" },
  /** Size of a scenario, sweep or calibration-set file. */
  input_mb: { unit: "MiB", default: 16, max: 16 },
  /** Size of a sweep shard manifest or a point summary `sweep merge` reads. */
  manifest_mb: { unit: "MiB", default: 64, max: 64 },
  /** YAML alias expansions in one file (each alias counts the nodes it stands for; against alias bombs). */
  yaml_aliases: { unit: "alias expansions", default: 100, max: 100 },
  /** Nesting of YAML collections (deeper input exhausts the parser's stack). */
  yaml_depth: { unit: "levels deep", default: 64, max: 64 },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

export const MIB = 1024 * 1024;

/**
 * "at most N <unit> (...)": the limit in force (`value`, default the limit's default) and how to raise it.
 * `what` qualifies the unit, e.g. "in all" or "per file".
 */
export function limitText(name: LimitName, value: number = LIMITS[name].default, what = ""): string {
  const limit: Limit = LIMITS[name];
  const amount = `at most ${value} ${limit.unit}${what ? ` ${what}` : ""}`;
  if (limit.raise === undefined) return `${amount} (a fixed limit)`;
  if (value >= limit.max) return `${amount} (${limit.raise} is at its ceiling)`;
  return `${amount} (the limit; ${limit.raise} raises it, up to ${limit.max})`;
}

/** The limits a scenario's `limits:` field can change. */
export type ScenarioLimits = Record<"jobs" | "gpus" | "horizon_s" | "timeline_rows" | "trace_mb", number>;

/** A scenario's limits: what its `limits:` field gives, the defaults for the rest. */
export function scenarioLimits(given: Partial<ScenarioLimits> = {}): ScenarioLimits {
  return {
    jobs: given.jobs ?? LIMITS.jobs.default,
    gpus: given.gpus ?? LIMITS.gpus.default,
    horizon_s: given.horizon_s ?? LIMITS.horizon_s.default,
    timeline_rows: given.timeline_rows ?? LIMITS.timeline_rows.default,
    trace_mb: given.trace_mb ?? LIMITS.trace_mb.default,
  };
}
