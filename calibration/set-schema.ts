/**
 * The calibration set's parameters.json, as a zod schema: validated when a set is loaded, trusted inside.
 * A set is one GPU model's workload profiles and sharing parameters, with provenance and per-parameter fit errors.
 */
import { z } from "zod";
import type { SharingParams, WorkloadProfile } from "../sim/sharing/types.ts";

const positive = z.number().positive();
const fraction = z.number().min(0).max(1);

export const smCurveSchema = z.object({
  referenceSms: positive,
  serialS: z.number().min(0),
  parallelS: z.number().min(0),
  alpha: z.number().min(0),
});

const kernelFiguresSchema = z.object({
  perStep: positive,
  exposedPerStep: z.number().min(0),
  meanUs: positive,
  turnUs: positive,
  largeShare: fraction.optional(),
  demand: z
    .array(z.object({ sms: positive, share: fraction }))
    .max(64)
    .optional(),
});

export const workloadProfileSchema = z.object({
  id: z.string().min(1),
  model: z.string().min(1),
  batch: z.number().int().positive(),
  imagesPerEpoch: z.number().int().positive(),
  gpu: z.string().min(1),
  stepTimeS: positive,
  stepTimeCv: z.number().min(0),
  busyFraction: fraction,
  smScaling: z.object({ sms: z.array(positive), stepTimeS: z.array(positive) }),
  smCurve: smCurveSchema,
  memoryBoundFraction: fraction,
  memoryBytes: z.number().min(0),
  minMemoryBytes: z.number().min(0).optional(),
  kernels: kernelFiguresSchema.optional(),
  smActivity: fraction,
  dramUtil: fraction,
  powerW: z.number().min(0),
  startupS: z.number().min(0).optional(),
  startupBusyFraction: fraction.optional(),
  startupSmActivity: fraction.optional(),
  startupBuildS: z.number().min(0).optional(),
  startupWaitS: z.number().min(0).optional(),
  startedTogether: z.object({ kernels: kernelFiguresSchema }).optional(),
  transferred: z.boolean(),
});

export const sharingParamsSchema = z.object({
  switchOverhead: z.number().min(0),
  naiveSwitchBackUs: z.number().min(0),
  mpsInterference: fraction,
  mpsInterferenceSame: fraction,
  mpsKernelWait: z.number().min(0),
  mpsMemoryContention: z.number().min(0),
  mpsWeightKernel: z.number().min(0),
  mpsWeightRate: z.number().min(0),
  mpsWeightActivity: z.number().min(0),
  startupWait: z.number().min(0),
  mpsStartupWait: z.number().min(0),
  mpsClientMemoryDeltaBytes: z.number(),
  idlePowerW: z.number().min(0),
  // Sets fitted before session 35 have none: power in proportion to the steps, as they were fitted.
  powerLoadExponent: z.number().min(0).max(1).default(1),
  maxPowerW: positive,
});

/** How well a fitted parameter explains the runs it was fitted on. */
export const fitErrorSchema = z.object({
  /** What `value` measures, e.g. "rmse_pct of step time over the SM points" or "mape_pct of naive throughput". */
  metric: z.string(),
  value: z.number(),
  /** Number of measured points behind the fit. */
  points: z.number().int().min(0),
});

/** A number that was scaled from another GPU rather than measured: where it is and where it came from. */
export const transferSchema = z.object({ path: z.string(), from: z.string(), method: z.string() });

/**
 * Measured MIG slice speeds of other workloads on this GPU (the A100 set: MISO), the slice model fitted on them
 * (calibration/a100/slice-speeds.ts) and its held-out errors.
 */
export const migSlicesSchema = z.object({
  source: z.string(),
  /** SMs of the full instance (7g.40gb) the fitted times are relative to. */
  referenceSms: positive,
  /** Global: memory-bound share of the scaling part of a MISO model's step (memory slices set its speed). */
  memoryShare: z.number().min(0).max(1),
  groups: z.array(
    z.object({
      model: z.string(),
      batch: z.number().int().positive(),
      /** Fitted step time on the full instance and the serial (non-scaling) share of it. */
      fullStepS: positive,
      serialShare: z.number().min(0).max(1),
      rmsePct: z.number().min(0),
      points: z.number().int().positive(),
      steady: z.boolean(),
    }),
  ),
  /** Per validation ("profile": leave-one-profile-out, "model": leave-one-model-out) and held-out profile/model. */
  heldOut: z.array(
    z.object({
      validation: z.enum(["profile", "model"]),
      heldOut: z.string(),
      groups: z.enum(["all", "steady"]),
      count: z.number().int().min(0),
      mapePct: z.number(),
      medianApePct: z.number(),
    }),
  ),
});

const span = z.tuple([z.number(), z.number()]);
/**
 * Low and high of the turn-weight figures (sim/sharing/mps.ts) over the workloads of the MPS runs the sharing fit
 * read: a workload outside them has an extrapolated MPS split (calibration/fit/mps-range.ts).
 */
const mpsFitRangeSchema = z.object({ turnUs: span, kernelsPerMs: span, activity: span });
export type MpsFitRange = z.infer<typeof mpsFitRangeSchema>;

export const calibrationSetSchema = z.object({
  schema: z.literal("colloc.calibration/1"),
  gpu: z.object({
    /** Canonical catalog name (sim/hardware). */
    name: z.string().min(1),
    sms: positive,
    /** Device memory NVML reports in total, and what it shows used with no process (driver reservations). */
    memoryBytes: positive,
    baselineMemoryBytes: z.number().min(0),
  }),
  provenance: z.object({
    command: z.string(),
    date: z.string(),
    driver: z.string().optional(),
    cuda: z.string().optional(),
    software: z.record(z.string(), z.string()),
    /** Run ids the fit used (never a validation run), or the external sources it was built from. */
    runs: z.array(z.string()),
    sources: z.array(z.string()),
    notes: z.string().optional(),
    /**
     * A set made by `colloc calibrate --base`: the set whose global sharing parameters (and other workloads) it
     * kept, and how and when that one was made.
     */
    base: z.object({ set: z.string(), command: z.string(), date: z.string() }).optional(),
  }),
  sharing: sharingParamsSchema,
  /** Absent in sets made before 2026-12-04 and in sets whose fit read no traced MPS run. */
  mpsFitRange: mpsFitRangeSchema.optional(),
  workloads: z.record(z.string(), workloadProfileSchema),
  fitErrors: z.record(z.string(), fitErrorSchema),
  transfers: z.array(transferSchema),
  migSlices: migSlicesSchema.optional(),
  /** Workloads the data showed but the set could not profile, with the reason: asking for one is an error. */
  skipped: z.array(z.object({ workload: z.string(), reason: z.string() })),
  /** What calibration warned about: runs left out, SM curves that fit badly, parts the simulator assumes. */
  warnings: z.array(z.string()).default([]),
});

export type CalibrationSet = z.infer<typeof calibrationSetSchema>;

/**
 * Both ways assignable and the same field names: a field added to the type but not the schema (or back) fails
 * the build, not a load. The names matter too: an optional field one side lacks leaves both ways assignable.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? SameKeys<A, B> : false) : false;
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
const profileMatches: Same<
  z.infer<typeof workloadProfileSchema>,
  Omit<WorkloadProfile, "startupPhase">
> = true;
const paramsMatch: Same<z.infer<typeof sharingParamsSchema>, SharingParams> = true;
void [profileMatches, paramsMatch];
export type FitError = z.infer<typeof fitErrorSchema>;
