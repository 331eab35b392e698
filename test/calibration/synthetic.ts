/**
 * A dataset whose runs the sharing models produced from a known "true" calibration set: calibrating it must give
 * back the true parameters, which checks the fits independently of any real measurement.
 */
import type { Dataset } from "../../calibration/dataset.ts";
import type { ProcRow, RunRow, SampleRow } from "../../calibration/ingest/tables.ts";
import { predictRun } from "../../calibration/predict.ts";
import type { CalibrationSet } from "../../calibration/set-schema.ts";
import type { SharingMode, WorkloadProfile } from "../../sim/sharing/types.ts";
import { startingSharing } from "../../calibration/fit/sharing-params.ts";

const GPU = "NVIDIA H200";
const SMS = 132;
const BASELINE = 0.5e9;

function workload(id: string, stepTimeS: number, busy: number, memoryGb: number): WorkloadProfile {
  const serialS = stepTimeS * (1 - busy * 0.9);
  return {
    id,
    model: id,
    batch: 128,
    imagesPerEpoch: 50_000,
    gpu: "H200-141GB",
    stepTimeS,
    stepTimeCv: 0,
    busyFraction: busy,
    smScaling: { sms: [SMS], stepTimeS: [stepTimeS] },
    smCurve: { referenceSms: SMS, serialS, parallelS: stepTimeS - serialS, alpha: 1 },
    memoryBoundFraction: 0,
    memoryBytes: memoryGb * 1e9,
    smActivity: busy * 0.7,
    dramUtil: busy * 0.35, // the samples read half the SM activity
    powerW: 150 + 200 * busy, // low enough that no run reaches the power limit (it would hide the sharing)
    transferred: false,
  };
}

export const truth: CalibrationSet = {
  schema: "colloc.calibration/1",
  gpu: { name: "H200-141GB", sms: SMS, memoryBytes: 150e9, baselineMemoryBytes: BASELINE },
  provenance: { command: "synthetic", date: "2026-01-01T00:00:00.000Z", software: {}, runs: [], sources: [] },
  sharing: {
    ...startingSharing({ idleW: 95, maxW: 700 }),
    switchOverhead: 0.15,
    mpsInterference: 0.08,
    mpsClientMemoryDeltaBytes: -0.2e9,
    powerLoadExponent: 0.7,
  },
  workloads: {
    small: workload("small", 0.05, 0.4, 4),
    medium: workload("medium", 0.12, 0.75, 12),
    large: workload("large", 0.3, 0.95, 50),
  },
  fitErrors: {},
  transfers: [],
  skipped: [],
  warnings: [],
};

interface Plan {
  id: string;
  mode: SharingMode;
  procs: { workload: string; smLimit?: number }[];
  validation?: boolean;
}

export const plans: Plan[] = [
  ...Object.keys(truth.workloads).flatMap((w): Plan[] => [
    { id: `solo-${w}`, mode: "exclusive", procs: [{ workload: w }] },
    ...[16, 32, 60, 64].map((n): Plan => ({
      id: `cap${n}-${w}`,
      mode: "mps-partitioned",
      procs: [{ workload: w, smLimit: n }],
    })),
    { id: `naive-${w}-x2`, mode: "naive", procs: [{ workload: w }, { workload: w }] },
    {
      id: `naive-${w}-x3`,
      mode: "naive",
      procs: [{ workload: w }, { workload: w }, { workload: w }],
      validation: true,
    },
    { id: `mps-${w}-x2`, mode: "mps", procs: [{ workload: w }, { workload: w }] },
    {
      id: `mps-${w}-x3`,
      mode: "mps",
      procs: [{ workload: w }, { workload: w }, { workload: w }],
      validation: true,
    },
  ]),
  { id: "naive-mix", mode: "naive", procs: [{ workload: "small" }, { workload: "large" }] },
  {
    id: "mps-mix",
    mode: "mps",
    procs: [{ workload: "small" }, { workload: "medium" }, { workload: "large" }],
  },
  {
    id: "oom-large-x3",
    mode: "naive",
    procs: [{ workload: "large" }, { workload: "large" }, { workload: "large" }],
  },
];

function runRow(plan: Plan, index: number): RunRow {
  const t0 = 1_800_000_000 + index * 100;
  return {
    run_id: plan.id,
    experiment: "synthetic",
    mode: plan.mode === "mps-partitioned" ? "mps-partitioned" : plan.mode,
    sharing: null,
    launch: null,
    co_runners: plan.procs.map((p) => p.workload).join(" + "),
    process_count: plan.procs.length,
    status: "complete",
    validation: plan.validation ?? false,
    repeat: 1,
    gpu_name: GPU,
    gpu_uuid: "GPU-synthetic",
    gpu_sm_count: SMS,
    gpu_memory_bytes: 150e9,
    gpu_mig_mode: "disabled",
    driver: "570.0",
    cuda: "12.8",
    python: "3.12",
    torch: "2.7.0",
    timm: "1.0.15",
    profiler: "0.1.0",
    command: "synthetic",
    started_at: t0,
    ended_at: t0 + 60,
    window_start: t0 + 10,
    window_end: t0 + 50,
    warmup_s: 10,
    min_warmup_steps: 5,
    measure_s: 40,
    min_steps: 20,
    trace_iters: 5,
    data: "synthetic",
    loader_workers: 4,
    sample_hz: 10,
    memory_cap_gib: null,
    loop: "sync",
    cudnn_benchmark: true,
    start: "together",
    measure: "shared",
    capabilities: "{}",
    notes: "",
    ingest_status: "ok",
    ingest_issues: null,
  };
}

/** The dataset the true set predicts for every plan (one sample in the window, one before processes start). */
export function syntheticDataset(set: CalibrationSet = truth): Dataset {
  const ds: Dataset = {
    dir: "synthetic",
    runs: [],
    workloads: [],
    procs: [],
    samples: [],
    steps: [],
    iterations: [],
    kernels: [],
    jobs: [],
  };
  plans.forEach((plan, index) => {
    const run = runRow(plan, index);
    const predicted = predictRun(set, { source: plan.id, gpu: GPU, mode: plan.mode, processes: plan.procs });
    ds.runs.push(run);
    for (const w of new Set(plan.procs.map((p) => p.workload))) {
      const p = set.workloads[w];
      ds.workloads.push({
        run_id: plan.id,
        workload: w,
        model: p.model,
        classes: 10,
        batch: p.batch,
        input_c: 3,
        input_h: 224,
        input_w: 224,
        dataset: "synthetic",
        images_per_epoch: p.imagesPerEpoch,
        kind: "timm",
      });
    }
    plan.procs.forEach((proc, i) => {
      const p = set.workloads[proc.workload];
      const prediction = predicted.procs[i];
      const row: ProcRow = {
        run_id: plan.id,
        proc: i,
        workload: proc.workload,
        sm_limit: proc.smLimit ?? null,
        mps_percentage: null,
        mig_uuid: null,
        mig_profile: null,
        job: null,
        worker_prior_jobs: null,
        sm_count_seen: null,
        pid: 1000 + i,
        outcome: prediction.oom ? "oom" : "ok",
        steps_measured: prediction.oom ? 0 : 100,
        step_time_median_s: prediction.oom ? null : 1 / prediction.stepsPerSecond,
        throughput_img_s: prediction.oom ? null : prediction.throughputImgS,
        epoch_time_s: null,
        mem_allocated_peak_bytes: null,
        mem_reserved_peak_bytes: null,
        nvml_mem_bytes: plan.mode === "exclusive" ? p.memoryBytes : null,
        error: prediction.oom ? "CUDA out of memory" : null,
      };
      ds.procs.push(row);
      if (plan.mode === "exclusive") {
        for (let it = 0; it < 3; it++) {
          ds.iterations.push({
            run_id: plan.id,
            proc: i,
            iter: it,
            wall_us: p.stepTimeS * 1e6,
            busy_us: p.busyFraction * p.stepTimeS * 1e6,
            idle_us: (1 - p.busyFraction) * p.stepTimeS * 1e6,
            gap_count: 1,
            max_gap_us: 1,
            kernel_count: 1,
            start_unix_us: null,
          });
        }
      }
    });
    const sample = (
      t: number,
      inWindow: boolean,
      util: number,
      smUtil: number,
      mem: number,
      power: number,
    ): SampleRow => ({
      run_id: plan.id,
      t,
      in_window: inWindow,
      util_gpu: util,
      util_mem: null,
      mem_used_bytes: mem,
      power_w: power,
      sm_clock_mhz: 1980,
      gpm_sm_util: smUtil,
      gpm_sm_occupancy: null,
      gpm_dram_bw_util: smUtil / 2,
    });
    ds.samples.push(sample(run.started_at, false, 0, 0, BASELINE, set.sharing.idlePowerW));
    ds.samples.push(
      sample(
        run.window_start! + 1,
        true,
        100 * predicted.utilization,
        100 * predicted.smActivity,
        predicted.memoryUsedBytes,
        predicted.powerW,
      ),
    );
  });
  return ds;
}
