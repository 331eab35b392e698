/**
 * Reader for the Alibaba openb pod list (cluster-trace-gpu-v2023, openb_pod_list_*.csv). Mapping:
 * - requests: cpu_milli, memory_mib, num_gpu GPUs with gpu_milli thousandths of each (blank or 0 with num_gpu > 0:
 *   whole GPUs), gpu_spec ("V100M16|V100M32") the GPU models it may run on;
 * - a pod with num_gpu = 0 (a CPU task) is kept only when `cpuPods` is set (node-aware policies place it);
 * - timed replay: arrival = creation_time; work = deletion_time - creation_time seconds, whatever the pod's phase
 *   (Failed and Pending pods held their slot too): at the workload's exclusive speed, or held as it is;
 * - fill replay: every pod arrives at 0 in file order and never leaves (the FGD simulator's order: the shipped
 *   file is sorted by name, as it sorts pods);
 * - gpus = num_gpu; gpu_share = gpu_milli / 1000 for a single-GPU pod that asked for less than a whole GPU;
 * - the trace names no model: with a `mix`, each GPU pod's workload is drawn from it with the seeded stream
 *   "trace/mix", one draw per GPU pod in file order (a `limit` keeps the draws of the pods it keeps); without one,
 *   and for CPU pods always, the pod is placement-only;
 * - id = the pod name; times are multiplied by `time_scale`.
 */
import { z } from "zod";
import { InputError } from "../../input-error.ts";
import { RandomStream } from "../../core/index.ts";
import { gpuModel } from "../../hardware/index.ts";
import { GPU_MILLI, type Requests } from "../scenario/cluster-input.ts";
import { csvRows } from "./csv-rows.ts";
import type { Origin, StreamJob } from "./stream-job.ts";

const count = z.coerce.number().int().nonnegative();
const OpenbPod = z.object({
  name: z.string().min(1),
  cpu_milli: count.default(0),
  memory_mib: count.default(0),
  num_gpu: count,
  gpu_milli: count.max(GPU_MILLI).default(0),
  gpu_spec: z.string().optional(),
  creation_time: count,
  deletion_time: count,
});
type OpenbPod = z.infer<typeof OpenbPod>;

export interface OpenbOptions {
  /** Workload weights, in the order written in the scenario, and where the mix was written; none: placement only. */
  mix?: Record<string, number>;
  mixAt: Origin;
  seed: number;
  timeScale: number;
  replay: "timed" | "fill";
  /** Keep CPU-only pods (node-aware policies place them). */
  cpuPods: boolean;
}

function requestsOf(row: OpenbPod, file: string, line: number): Requests {
  const models = row.gpu_spec
    ?.split("|")
    .filter((m) => m.trim() !== "")
    .map((m) => gpuModel(m.trim(), { file, field: `line ${line}, column gpu_spec` }).name);
  return {
    cpuMilli: row.cpu_milli,
    memoryMib: row.memory_mib,
    gpuMilli: row.num_gpu === 0 ? 0 : row.gpu_milli > 0 ? row.gpu_milli : GPU_MILLI,
    gpuModels: models !== undefined && models.length > 0 ? models : undefined,
  };
}

export function readOpenb(text: string, file: string, opts: OpenbOptions): StreamJob[] {
  const mix = new RandomStream(opts.seed, "trace/mix");
  const workloads = Object.keys(opts.mix ?? {});
  const weights = Object.values(opts.mix ?? {});
  const workloadAt = new Map(
    workloads.map((w) => [w, { file: opts.mixAt.file, field: `${opts.mixAt.field}.${w}` }]),
  );
  const fill = opts.replay === "fill";
  const jobs: StreamJob[] = [];
  for (const { line, row } of csvRows(text, file, OpenbPod, [
    "name",
    "num_gpu",
    "gpu_milli",
    "creation_time",
    "deletion_time",
  ])) {
    if (row.num_gpu === 0 && !opts.cpuPods) continue;
    if (row.deletion_time < row.creation_time)
      throw new InputError(
        file,
        `line ${line}, column deletion_time`,
        `a time >= creation_time (${row.creation_time})`,
        row.deletion_time,
      );
    const workload = row.num_gpu > 0 && workloads.length > 0 ? mix.choice(workloads, weights) : undefined;
    jobs.push({
      id: row.name,
      arrivalS: fill ? 0 : row.creation_time * opts.timeScale,
      workload,
      work: { durationS: fill ? Infinity : (row.deletion_time - row.creation_time) * opts.timeScale },
      gpus: row.num_gpu,
      gpuShare:
        row.num_gpu === 1 && row.gpu_milli > 0 && row.gpu_milli < GPU_MILLI
          ? row.gpu_milli / GPU_MILLI
          : undefined,
      requests: requestsOf(row, file, line),
      origin: {
        workload: workload === undefined ? { file, field: `line ${line}` } : workloadAt.get(workload)!,
        gpus: { file, field: `line ${line}, column num_gpu` },
        id: { file, field: `line ${line}, column name` },
        arrival: { file, field: `line ${line}, column creation_time` },
        work: { file, field: `line ${line}, column deletion_time` },
      },
    });
  }
  return jobs;
}
