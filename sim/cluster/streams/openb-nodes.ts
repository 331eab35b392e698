/**
 * Reader for the Alibaba openb node list (openb_node_list_gpu_node.csv): one node per row, named by `sn`, with
 * `gpu` GPUs (nodes without GPUs are skipped). The trace's GPU model column is not used: the scenario says which
 * catalog GPU every node holds.
 */
import { z } from "zod";
import { csvRows } from "./csv-rows.ts";

const OpenbNode = z.object({ sn: z.string().min(1), gpu: z.coerce.number().int().nonnegative() });

export interface TraceNode {
  name: string;
  gpus: number;
}

export function readOpenbNodes(text: string, file: string): TraceNode[] {
  return csvRows(text, file, OpenbNode, ["sn", "gpu"])
    .filter(({ row }) => row.gpu > 0)
    .map(({ row }) => ({ name: row.sn, gpus: row.gpu }));
}
