/**
 * Reader for the Alibaba openb pod list (cluster-trace-gpu-v2023, openb_pod_list_default.csv). Mapping:
 * - a pod with num_gpu = 0 asks for no GPU (a CPU task) and is skipped;
 * - arrival = creation_time; work = a duration of deletion_time - creation_time seconds at the workload's
 *   exclusive (solo, whole-GPU) speed, whatever the pod's phase (Failed and Pending pods held their slot too);
 * - gpus = num_gpu; gpu_share = gpu_milli / 1000 for a single-GPU pod that asked for less than a whole GPU;
 * - the trace names no model, so each pod's workload is drawn from the scenario's weighted mix with the seeded
 *   stream "trace/mix", one draw per GPU pod in file order (a `limit` keeps the draws of the pods it keeps);
 * - id = the pod name; times are multiplied by `time_scale`.
 */
import { z } from "zod";
import { InputError } from "../../core/errors.ts";
import { RandomStream } from "../../core/index.ts";
import { csvRows } from "./csv-rows.ts";
import type { Origin, StreamJob } from "./stream-job.ts";

const count = z.coerce.number().int().nonnegative();
const OpenbPod = z.object({
  name: z.string().min(1),
  num_gpu: count,
  gpu_milli: count.max(1000).default(0),
  creation_time: count,
  deletion_time: count,
});

export interface OpenbOptions {
  /** Workload weights, in the order written in the scenario, and where the mix was written. */
  mix: Record<string, number>;
  mixAt: Origin;
  seed: number;
  timeScale: number;
}

export function readOpenb(text: string, file: string, opts: OpenbOptions): StreamJob[] {
  const mix = new RandomStream(opts.seed, "trace/mix");
  const workloads = Object.keys(opts.mix);
  const weights = Object.values(opts.mix);
  const workloadAt = new Map(
    workloads.map((w) => [w, { file: opts.mixAt.file, field: `${opts.mixAt.field}.${w}` }]),
  );
  const jobs: StreamJob[] = [];
  for (const { line, row } of csvRows(text, file, OpenbPod, [
    "name",
    "num_gpu",
    "gpu_milli",
    "creation_time",
    "deletion_time",
  ])) {
    if (row.num_gpu === 0) continue;
    if (row.deletion_time < row.creation_time)
      throw new InputError(
        file,
        `line ${line}, column deletion_time`,
        `a time >= creation_time (${row.creation_time})`,
        row.deletion_time,
      );
    const workload = mix.choice(workloads, weights);
    jobs.push({
      id: row.name,
      arrivalS: row.creation_time * opts.timeScale,
      workload,
      work: { durationS: (row.deletion_time - row.creation_time) * opts.timeScale },
      gpus: row.num_gpu,
      gpuShare:
        row.num_gpu === 1 && row.gpu_milli > 0 && row.gpu_milli < 1000 ? row.gpu_milli / 1000 : undefined,
      origin: {
        workload: workloadAt.get(workload)!,
        gpus: { file, field: `line ${line}, column num_gpu` },
        id: { file, field: `line ${line}, column name` },
        arrival: { file, field: `line ${line}, column creation_time` },
        work: { file, field: `line ${line}, column deletion_time` },
      },
    });
  }
  return jobs;
}
