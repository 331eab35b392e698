/**
 * The scenario file format (YAML) as zod types: the single source of truth for validation, for the
 * TypeScript types and for scenarios/scenario.schema.json (`npm run gen:schema`). Reference: docs/scenarios.md.
 * Only shape and ranges live here; names (GPUs, MIG profiles, workloads, job ids) are checked in resolve.ts.
 */
import { z } from "zod";
import { POLICY_NAMES } from "./cluster-input.ts";
import { LIMITS, type LimitName } from "./limits.ts";

const positive = z.number().positive();
const name = z.string().min(1);
/** A job id: printed in tables and messages and written in every output row, so of a printable length. */
export const JobId = z.string().min(1).max(200);

/**
 * A scenario's (or sweep's) name: it names the results folder, so it is a name and never a path, and it is
 * printed, so it holds no control characters.
 */
export const ScenarioName = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]*$/, {
    error:
      "a name of letters, digits, '.', '_', '+' and '-' that starts with a letter or digit (it names the results folder)",
  });

/**
 * An object in which exactly one of `keys` (default: all its keys) must be given: clearer errors than a union
 * of objects (the message names the field that is wrong rather than "no branch matched").
 */
function oneOf<T extends z.ZodRawShape>(shape: T, keys: string[] = Object.keys(shape)) {
  return z
    .strictObject(shape)
    .superRefine((value, ctx) => {
      const given = keys.filter((k) => (value as Record<string, unknown>)[k] !== undefined);
      if (given.length !== 1)
        ctx.addIssue({ code: "custom", message: `exactly one of ${keys.join(", ")}`, input: value });
    })
    .meta({ oneOf: keys.map((k) => ({ required: [k] })) }); // the same rule in the JSON Schema
}

/** A random quantity: a constant or one of the distributions the named seeded streams draw from. */
export const Distribution = z.union([
  positive,
  oneOf({
    constant: positive.optional(),
    uniform: z
      .strictObject({ min: z.number().nonnegative(), max: positive })
      .superRefine(({ min, max }, ctx) => {
        if (min > max)
          ctx.addIssue({ code: "custom", message: `a number >= min (${min})`, path: ["max"], input: max });
      })
      .optional(),
    exponential: z.strictObject({ mean: positive }).optional(),
    normal: z.strictObject({ mean: z.number(), sd: z.number().nonnegative() }).optional(),
    lognormal: z.strictObject({ mu: z.number(), sigma: z.number().nonnegative() }).optional(),
  }),
]);
export type Distribution = z.infer<typeof Distribution>;

const Exclusive = z.strictObject({ mode: z.literal("exclusive") });
const Naive = z.strictObject({ mode: z.literal("naive") });
const Mps = z.strictObject({
  mode: z.literal("mps"),
  percentages: z.record(JobId, z.number().gt(0).lte(100)).optional(),
  default_percentage: z.number().gt(0).lte(100).default(100),
  memory_limit_gb: positive.optional(),
  max_clients: z.int().min(1).max(60).default(48),
});
const Mig = z.strictObject({
  mode: z.literal("mig"),
  /** Instances as profile names ("3g.71gb"), or with a start position in memory slices. */
  layout: z.array(z.union([name, z.strictObject({ profile: name, start: z.int().min(0) })])).default([]),
  mps_inside: z.boolean().default(false),
  fixed: z.boolean().default(true),
});
export const Sharing = z.discriminatedUnion("mode", [Exclusive, Naive, Mps, Mig]);

export const GpuGroup = z.strictObject({
  gpu: name,
  count: z.int().min(1).default(1),
  /** Node name; with per_node, the prefix of the nodes the group is split into (`<node>-<k>`). */
  node: name.optional(),
  per_node: z.int().min(1).optional(),
  sharing: Sharing.default({ mode: "exclusive" }),
});

/**
 * Nodes read from a cluster trace (the openb node list): each keeps its name, CPU, memory, GPU count and GPU model.
 * With `gpu`, every GPU is simulated as that catalog model (profiles are per GPU model; the trace's P100s, T4s,
 * V100s... have none), the trace's model still naming the node for pods' GPU-model constraints; without it, the
 * GPUs are the trace's own models and the run places pods only (docs/scenarios.md).
 */
export const NodeTrace = z.strictObject({
  format: z.literal("openb"),
  /** Relative to the scenario file. */
  path: name,
  gpu: name.optional(),
  sharing: Sharing.default({ mode: "exclusive" }),
});

/**
 * A custom workload: a calibrated workload of the set (`extends`) with some numbers changed, e.g. to ask
 * "what if this model needed 30 GB". `step_time_scale` multiplies every step time of the profile.
 */
export const CustomWorkload = z.strictObject({
  extends: name,
  model: name.optional(),
  batch: z.int().min(1).optional(),
  images_per_epoch: z.int().min(1).optional(),
  // Beyond a thousandfold a step is no longer the model's (and near 0 a job trains in no time at all).
  step_time_scale: z.number().min(0.001).max(1000).optional(),
  busy_fraction: z.number().gt(0).lte(1).optional(),
  // A million GiB is beyond any GPU; more would overflow to Infinity bytes.
  memory_gb: positive.max(1e6).optional(),
  sm_activity: z.number().min(0).max(1).optional(),
  power_w: positive.optional(),
});
export type CustomWorkload = z.infer<typeof CustomWorkload>;

/**
 * Training steps: whole ones; a huge count stays a number so the horizon check can say when the job would end.
 * Job lists and CSV traces share it, so both refuse a fraction alike.
 */
export const Iterations = positive.refine(Number.isInteger, "a whole number of training steps");

/**
 * A weighted workload mix: each job's workload is drawn with probability weight / sum of weights, so there must be
 * a workload to draw and a sum to divide by (weights of 1e308 sum to Infinity, and the draw then always lands on
 * the last workload).
 */
const Mix = z
  .record(name, positive)
  .superRefine((mix, ctx) => {
    const weights = Object.values(mix);
    if (weights.length === 0) ctx.addIssue({ code: "custom", message: "at least one workload", input: mix });
    else if (!Number.isFinite(weights.reduce((sum, w) => sum + w, 0)))
      ctx.addIssue({
        code: "custom",
        message: "weights with a finite sum (only their ratios count: 3 and 1, not 3e308 and 1e308)",
        input: mix,
      });
  })
  .meta({ minProperties: 1 }); // the JSON Schema states the first rule, so an editor flags `mix: {}`

/** Amount of work: exactly one of iterations (training steps) or epochs. */
export const ListedJob = oneOf(
  {
    id: JobId.optional(),
    arrival_s: z.number().nonnegative(),
    workload: name,
    iterations: Iterations.optional(),
    epochs: positive.optional(),
    gpus: z.int().min(1).default(1),
    gpu_share: z.number().gt(0).lte(1).optional(),
  },
  ["iterations", "epochs"],
);
export type ListedJob = z.infer<typeof ListedJob>;

/** Arrivals per hour: the mean gap 3600 / rate must be a finite number of seconds. */
const rate = z.number().min(1e-12);

export const Arrivals = oneOf({
  poisson: z.strictObject({ rate_per_hour: rate }).optional(),
  bursty: z
    .strictObject({
      bursts_per_hour: rate,
      burst_size: Distribution,
      spread_s: z.number().nonnegative().default(0),
    })
    .optional(),
});
export type Arrivals = z.infer<typeof Arrivals>;

export const Generator = z.strictObject({
  name: name.optional(),
  count: z.int().min(1),
  start_s: z.number().nonnegative().default(0),
  arrivals: Arrivals,
  mix: Mix,
  work: oneOf({ iterations: Distribution.optional(), epochs: Distribution.optional() }),
  gpus: z.int().min(1).default(1),
});
export type Generator = z.infer<typeof Generator>;

export const Trace = z.strictObject({
  format: z.enum(["openb", "csv"]),
  /** Relative to the scenario file. */
  path: name,
  /** openb: the weighted workload mix jobs are drawn from (seeded stream "trace/mix"). */
  mix: Mix.optional(),
  /** Keep only the first N jobs of the trace (by arrival). */
  limit: z.int().min(1).optional(),
  /** Multiply trace times (arrivals and durations) by this factor, e.g. 0.01 to compress a long trace. */
  time_scale: positive.default(1),
  /**
   * openb: timed replays creation and deletion times; fill places the pods in trace order, none leaving, and counts
   * those that do not fit as unscheduled (the FGD paper's evaluation).
   */
  replay: z.enum(["timed", "fill"]).default("timed"),
  /**
   * fill: the FGD paper's workload inflation: pods drawn at random from the trace (seeded stream
   * "trace/inflation") are appended, or dropped, until the pods ask for `ratio` x the cluster's GPUs. At most 100:
   * at 1 the pods already ask for every GPU; how many jobs a ratio makes is checked against limits.jobs at resolve.
   */
  inflation: z.strictObject({ ratio: positive.max(100) }).optional(),
});
export type Trace = z.infer<typeof Trace>;

export const Jobs = oneOf({
  list: z.array(ListedJob).min(1).optional(),
  generate: z.union([Generator, z.array(Generator).min(1)]).optional(),
  trace: Trace.optional(),
});

/** A raisable limit of limits.ts: a whole number (or seconds) from 1 to its ceiling, its default when absent. */
function limit(key: LimitName, whole = true) {
  const { max } = LIMITS[key];
  return (whole ? z.int() : z.number()).positive().max(max).optional();
}

/** Raise (or lower) the size limits of docs/scenarios.md for this scenario. */
export const Limits = z.strictObject({
  jobs: limit("jobs"),
  gpus: limit("gpus"),
  horizon_s: limit("horizon_s", false),
  timeline_rows: limit("timeline_rows"),
  trace_mb: limit("trace_mb", false),
});
export type Limits = z.infer<typeof Limits>;

export const Scenario = z.strictObject({
  $schema: z.string().optional(),
  name: ScenarioName,
  description: z.string().optional(),
  seed: z.int().min(0),
  calibration: name,
  hardware: z.strictObject({ gpus: z.array(GpuGroup).default([]), nodes: NodeTrace.optional() }),
  workloads: z.record(name, CustomWorkload).optional(),
  jobs: Jobs,
  scheduler: z
    .strictObject({
      policy: z.enum(POLICY_NAMES),
      params: z.record(name, z.union([z.number(), z.string(), z.boolean()])).default({}),
    })
    .default({ policy: "fifo-exclusive", params: {} }),
  output: z
    .strictObject({
      timeline: z.boolean().default(true),
      events: z.boolean().default(true),
      charts: z.boolean().default(true),
      timeline_interval_s: positive.optional(),
    })
    .default({ timeline: true, events: true, charts: true }),
  limits: Limits.default({}),
});
export type Scenario = z.infer<typeof Scenario>;
