/**
 * Reader for the Alibaba openb node list (openb_node_list_gpu_node.csv, or _all_node.csv with CPU-only nodes): one
 * node per row, named by `sn`, with `gpu` GPUs of model `model` and `cpu_milli` / `memory_mib` for its pods. The
 * CPU, memory and model columns may be absent or blank (no limit, no model).
 */
import { z } from "zod";
import { gpuModel } from "../../hardware/index.ts";
import { csvRows } from "./csv-rows.ts";

const count = z.coerce.number().int().nonnegative();
const OpenbNode = z.object({
  sn: z.string().min(1),
  gpu: count,
  cpu_milli: count.optional(),
  memory_mib: count.optional(),
  model: z.string().min(1).optional(),
});

export interface TraceNode {
  name: string;
  gpus: number;
  /** Infinity when the column is absent or blank. */
  cpuMilli: number;
  memoryMib: number;
  /** Canonical catalog name of the node's GPU model (GPU nodes whose row names one). */
  gpuModel?: string;
}

export function readOpenbNodes(text: string, file: string): TraceNode[] {
  return csvRows(text, file, OpenbNode, ["sn", "gpu"]).map(({ line, row }) => ({
    name: row.sn,
    gpus: row.gpu,
    cpuMilli: row.cpu_milli ?? Infinity,
    memoryMib: row.memory_mib ?? Infinity,
    gpuModel:
      row.gpu > 0 && row.model !== undefined
        ? gpuModel(row.model, { file, field: `line ${line}, column model` }).name
        : undefined,
  }));
}
