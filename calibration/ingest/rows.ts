/** One parsed run folder -> its rows in every ingest table (unsorted; see sort-rows.ts). */
import { issueError } from "./jsonl.ts";
import type { Manifest } from "./records.ts";
import type { ParsedRun } from "./read-run.ts";
import type { IngestedRows, ProcRow, RunRow } from "./tables.ts";

/** "a x2 + b": the co-runner set in one stable string, for grouping runs and labelling validation rows. */
export function coRunnerLabel(workloads: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const w of [...workloads].sort()) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts].map(([w, n]) => (n > 1 ? `${w} x${n}` : w)).join(" + ");
}

/** JSON with sorted keys, so the same object always gives the same text. */
function stableJson(object: Record<string, unknown>): string {
  return JSON.stringify(
    Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  );
}

function runRow(run: ParsedRun): RunRow {
  const m: Manifest = run.manifest;
  return {
    run_id: m.run_id,
    experiment: m.experiment,
    mode: m.mode,
    sharing: m.sharing ?? null,
    launch: m.mode === "replay" ? (m.launch ?? "warm-workers") : null,
    co_runners: coRunnerLabel(m.processes.map((p) => p.workload)),
    process_count: m.processes.length,
    status: m.status,
    validation: m.validation,
    repeat: m.repeat,
    gpu_name: m.gpu.name,
    gpu_uuid: m.gpu.uuid,
    gpu_sm_count: m.gpu.sm_count,
    gpu_memory_bytes: m.gpu.memory_bytes,
    gpu_mig_mode: m.gpu.mig_mode ?? null,
    driver: m.gpu.driver,
    cuda: m.gpu.cuda,
    python: m.software.python,
    torch: m.software.torch,
    timm: m.software.timm,
    profiler: m.software.profiler,
    command: m.command,
    started_at: m.started_at,
    ended_at: m.ended_at,
    window_start: m.window?.start ?? null,
    window_end: m.window?.end ?? null,
    ...m.settings,
    // 0 in the manifest, or absent (runs before the setting existed): no cap.
    memory_cap_gib: m.settings.memory_cap_gib || null,
    loop: m.settings.loop ?? "inflight",
    cudnn_benchmark: m.settings.cudnn_benchmark ?? true,
    start: m.settings.start ?? "together",
    measure: m.settings.measure ?? "shared",
    capabilities: stableJson(m.capabilities ?? {}),
    notes: m.notes,
    ingest_status: run.status,
    ingest_issues:
      run.issues.length > 0 ? run.issues.map((i) => issueError(i, true).message).join("; ") : null,
  };
}

/** Manifest processes joined with their end records: a process that never wrote one still gets a row. */
function procRows(run: ParsedRun): ProcRow[] {
  const ends = new Map(run.records.procs.map((r) => [r.proc, r]));
  return run.manifest.processes.map((p) => {
    const end = ends.get(p.proc);
    return {
      run_id: run.manifest.run_id,
      proc: p.proc,
      workload: p.workload,
      sm_limit: p.sm_limit ?? null,
      mps_percentage: p.mps_percentage ?? null,
      mig_uuid: p.mig_uuid ?? null,
      mig_profile: p.mig_profile ?? null,
      job: p.job ?? null,
      worker_prior_jobs: p.worker_prior_jobs ?? null,
      sm_count_seen: end?.sm_count_seen ?? p.sm_count_seen ?? null,
      pid: end?.pid ?? null,
      outcome: end?.outcome ?? null,
      steps_measured: end?.steps_measured ?? null,
      step_time_median_s: end?.step_time_median_s ?? null,
      throughput_img_s: end?.throughput_img_s ?? null,
      epoch_time_s: end?.epoch_time_s ?? null,
      mem_allocated_peak_bytes: end?.mem_allocated_peak_bytes ?? null,
      mem_reserved_peak_bytes: end?.mem_reserved_peak_bytes ?? null,
      nvml_mem_bytes: end?.nvml_mem_bytes ?? null,
      error: end?.error ?? null,
    };
  });
}

/** Rows of one run. A corrupt run keeps only its `runs` row, which says why: nothing half-imported. */
export function runRows(run: ParsedRun): IngestedRows {
  const run_id = run.manifest.run_id;
  const window = run.manifest.window;
  const runs = [runRow(run)];
  const runOnly: IngestedRows = {
    runs,
    workloads: [],
    procs: [],
    steps: [],
    samples: [],
    kernels: [],
    iterations: [],
    events: [],
    jobs: [],
    overhead: [],
  };
  if (run.status === "corrupt") return runOnly;
  const r = run.records;
  return {
    runs,
    workloads: Object.entries(run.manifest.workloads).map(([workload, w]) => ({
      run_id,
      workload,
      model: w.model,
      classes: w.classes,
      batch: w.batch,
      input_c: w.input[0],
      input_h: w.input[1],
      input_w: w.input[2],
      dataset: w.dataset,
      images_per_epoch: w.images_per_epoch,
      kind: w.kind,
    })),
    procs: procRows(run),
    steps: r.steps.map((s) => ({ run_id, ...s, launch_s: s.launch_s ?? null })),
    samples: r.samples.map((s) => ({
      run_id,
      t: s.t,
      in_window: window !== null && s.t >= window.start && s.t <= window.end,
      util_gpu: s.util_gpu,
      util_mem: s.util_mem,
      mem_used_bytes: s.mem_used_bytes,
      power_w: s.power_w,
      sm_clock_mhz: s.sm_clock_mhz,
      gpm_sm_util: s.gpm_sm_util ?? null,
      gpm_sm_occupancy: s.gpm_sm_occupancy ?? null,
      gpm_dram_bw_util: s.gpm_dram_bw_util ?? null,
    })),
    kernels: r.kernels.map(({ grid, block, ...k }) => ({
      run_id,
      ...k,
      grid_x: grid[0],
      grid_y: grid[1],
      grid_z: grid[2],
      block_x: block[0],
      block_y: block[1],
      block_z: block[2],
    })),
    iterations: r.iterations.map((i) => ({ run_id, ...i, start_unix_us: i.start_unix_us ?? null })),
    events: r.events.map((e) => ({
      run_id,
      t: e.t,
      kind: e.kind,
      proc: e.proc ?? null,
      detail: e.detail ?? null,
    })),
    jobs: r.jobs.map((j) => ({ run_id, ...j })),
    overhead: r.overhead.map((o) => ({ run_id, ...o })),
  };
}
