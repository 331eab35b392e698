/**
 * The A100-SXM4-40GB calibration set: real A100 MIG slice speeds from MISO (curves and their leave-one-profile-out
 * errors), and the study's workloads transferred from the H200 set (every such number marked as transferred),
 * with a shape check of the transfer where both GPUs have a comparable measurement.
 */
import { tableToIPC } from "apache-arrow";
import { gpu as catalogGpu } from "../../sim/hardware/names.ts";
import { gpuTime, hostTime } from "../../sim/sharing/sm-scaling.ts";
import type { WorkloadProfile } from "../../sim/sharing/types.ts";
import { required as req, optional as opt, toArrowTable } from "../ingest/arrow-table.ts";
import type { CalibrationSet, FitError } from "../set-schema.ts";
import { TRANSFER_METHOD, transferProfile, transferSharing } from "../transfer.ts";
import { parseMiso, sliceGroups, type SliceGroup } from "./miso.ts";
import { InputError } from "../../sim/input-error.ts";
import {
  crossValidate,
  fitGroups,
  fitMemoryShare,
  isSteady,
  sliceFactor,
  summarizeHeldOut,
} from "./slice-speeds.ts";

export const A100 = "A100-SXM4-40GB";
export const MISO_FILE = "miso-a100-mig-iteration-times.csv";

export const MISO_PROVENANCE = `# ${MISO_FILE}

Copied unchanged from ../shared/reference/${MISO_FILE} (see ../shared/reference/data-sources.md).
Real per-iteration training times on an NVIDIA A100-SXM4-40GB split with MIG, recorded by the MISO project
(SoCC 2022, repository boringlee24/socc22-miso, MIT licence, files mps/models/logs/mig/PROFILE_MODEL_trainBATCH.json;
CUDA 11.4, driver 470, TensorFlow/Keras training scripts). Summarised per (profile, model, batch) with the first
iteration of every epoch dropped. Profiles: 1g.5gb, 3g.20gb, 7g.40gb.
`;

const SLICE_POINTS = {
  model: req("utf8", "MISO model"),
  batch: req("i32", "batch size"),
  profile: req("utf8", "MIG profile"),
  sms: req("i32", "SMs of the instance"),
  bandwidth_share: req("f64", "memory slices of the instance over the GPU's"),
  step_time_s: req("f64", "measured median iteration time, seconds"),
  spread: req("f64", "(p90 - p10) / median of the iteration times"),
  fitted_s: opt(
    "f64",
    "the slice model fitted to the group, there (null when the group has under three profiles)",
  ),
};

const HELD_OUT = {
  validation: req("utf8", "profile: leave-one-profile-out; model: leave-one-model-out (from the 7g time)"),
  model: req("utf8", "MISO model"),
  batch: req("i32", "batch size"),
  profile: req("utf8", "held-out MIG profile"),
  predicted_s: req("f64", "predicted iteration time, seconds"),
  measured_s: req("f64", "measured median iteration time, seconds"),
  error_pct: req("f64", "signed error, percent"),
  steady: req("bool", "every point of the group has spread <= 0.5 (only steady groups are fitted)"),
};

/** MISO's ResNet50 against the transferred resnet50: only the slice-speed ratios are comparable (see docs). */
function transferShapeCheck(
  groups: SliceGroup[],
  profile: WorkloadProfile | undefined,
): Record<string, FitError> {
  const resnet = groups.find((g) => g.model === "resnet" && g.batch === profile?.batch);
  if (!profile || !resnet) return {};
  const whole = resnet.points.find((p) => p.profile === "7g.40gb");
  if (!whole) return {};
  const out: Record<string, FitError> = {};
  for (const p of resnet.points.filter((q) => q !== whole)) {
    const step = (q: typeof p) => hostTime(profile) + gpuTime(profile, q.sms, q.bandwidthShare);
    const predicted = step(p) / step(whole);
    const measured = p.stepTimeS / whole.stepTimeS;
    out[`transfer.${profile.id}.${p.profile}-over-7g`] = {
      metric: `percent error of the transferred step-time ratio ${p.profile}/7g.40gb against MISO's Keras ResNet50 b${resnet.batch} (different framework and input: a shape check)`,
      value: (100 * (predicted - measured)) / measured,
      points: 2,
    };
  }
  return out;
}

const rmsePct = (fits: { rmsePct: number; points: number }[]) => {
  const points = fits.reduce((a, f) => a + f.points, 0);
  return Math.sqrt(fits.reduce((a, f) => a + f.rmsePct ** 2 * f.points, 0) / points);
};

export function buildA100Set(misoText: string, misoFile: string, h200: CalibrationSet, command: string) {
  const target = catalogGpu(A100);
  const source = catalogGpu(h200.gpu.name);
  const groups = sliceGroups(parseMiso(misoText, misoFile), misoFile);
  // The slice model and its leave-one-model-out check need two models measured on three or more profiles.
  const fittable = groups.filter((g) => g.points.length >= 3 && isSteady(g));
  if (new Set(fittable.map((g) => g.model)).size < 2)
    throw new InputError(
      misoFile,
      "",
      "rows of two or more models, each model and batch on three or more MIG profiles with steady times (p90 - p10 under half the median)",
      `${fittable.length} such model and batch of ${groups.length}`,
    );
  const memoryShare = fitMemoryShare(groups, target.migSms);
  const fits = fitGroups(groups, target.migSms, memoryShare);
  const heldOut = crossValidate(groups, target.migSms);
  const summary = summarizeHeldOut(heldOut);

  const workloads = Object.fromEntries(
    Object.entries(h200.workloads).map(([id, p]) => [id, transferProfile(p, source, target)]),
  );
  const set: CalibrationSet = {
    schema: "colloc.calibration/1",
    gpu: {
      name: target.name,
      sms: target.sms,
      memoryBytes: target.memoryBytes,
      baselineMemoryBytes: h200.gpu.baselineMemoryBytes,
    },
    provenance: {
      command,
      date: h200.provenance.date,
      software: h200.provenance.software,
      runs: h200.provenance.runs,
      sources: [`calibration/data/a100/${MISO_FILE}`, `H200 set (${h200.provenance.date})`],
      notes:
        "MIG slice model fitted on MISO's real A100 slice speeds; the study's workloads transferred from the H200 set.",
    },
    sharing: transferSharing(h200.sharing, target),
    workloads,
    fitErrors: {
      "migSlices.memoryShare": {
        metric:
          "rmse_pct of iteration time over the steady groups' MIG profiles (t7 and serial share per group)",
        value: rmsePct(fits.filter((f) => f.steady)),
        points: fits.filter((f) => f.steady).reduce((a, f) => a + f.points, 0),
      },
      ...Object.fromEntries(
        summary
          .filter((e) => e.groups === "steady")
          .map((e) => [
            `migSlices.held-out.${e.validation}.${e.heldOut}`,
            {
              metric: `mape_pct of iteration time, steady groups, leave-one-${e.validation}-out (median ${e.medianApePct.toFixed(1)} %)`,
              value: e.mapePct,
              points: e.count,
            },
          ]),
      ),
      ...transferShapeCheck(groups, workloads["resnet50-i64-b128"]),
    },
    transfers: [
      ...Object.keys(workloads).map((id) => ({
        path: `workloads.${id}`,
        from: h200.gpu.name,
        method: TRANSFER_METHOD,
      })),
      ...[
        "switchOverhead",
        "naiveSwitchBackUs",
        "mpsInterference",
        "mpsInterferenceSame",
        "mpsKernelWait",
        "mpsMemoryContention",
        "startupWait",
        "mpsStartupWait",
        "mpsClientMemoryDeltaBytes",
        "powerLoadExponent",
      ].map((k) => ({
        path: `sharing.${k}`,
        from: h200.gpu.name,
        method: "kept as fitted",
      })),
      { path: "gpu.baselineMemoryBytes", from: h200.gpu.name, method: "kept as measured" },
    ],
    skipped: h200.skipped,
    warnings: h200.warnings,
    migSlices: {
      source: `calibration/data/a100/${MISO_FILE}`,
      referenceSms: target.migSms,
      memoryShare,
      groups: fits,
      heldOut: summary,
    },
  };
  const byGroup = new Map(fits.map((f) => [`${f.model}/${f.batch}`, f]));
  const pointRows = groups.flatMap((g) =>
    g.points.map((p) => {
      const fit = byGroup.get(`${g.model}/${g.batch}`);
      return {
        model: g.model,
        batch: g.batch,
        profile: p.profile,
        sms: p.sms,
        bandwidth_share: p.bandwidthShare,
        step_time_s: p.stepTimeS,
        spread: p.spread,
        fitted_s: fit ? fit.fullStepS * sliceFactor(p, target.migSms, fit.serialShare, memoryShare) : null,
      };
    }),
  );
  const heldOutRows = heldOut.map((p) => ({
    validation: p.validation,
    model: p.model,
    batch: p.batch,
    profile: p.profile,
    predicted_s: p.predictedS,
    measured_s: p.measuredS,
    error_pct: p.errorPct,
    steady: p.steady,
  }));
  return {
    set,
    files: {
      [MISO_FILE]: misoText,
      "MISO-PROVENANCE.md": MISO_PROVENANCE,
      "mig-slices.arrow": tableToIPC(toArrowTable(SLICE_POINTS, pointRows), "file"),
      "mig-held-out.arrow": tableToIPC(toArrowTable(HELD_OUT, heldOutRows), "file"),
    },
  };
}
