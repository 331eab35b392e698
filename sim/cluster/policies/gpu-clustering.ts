/**
 * GPU clustering (the FGD paper's baseline; its simulator's GpuClusteringScore), in integers: pods of one kind
 * (share-GPU, or k whole GPUs) gather on nodes already holding that kind: 75-100 on a node holding only that
 * kind, 50-75 on one holding it among others, 25-50 on a node holding no GPU pod, 0-25 on one holding only other
 * kinds; within a band, fuller nodes score higher (25 x (8 GPUs - free) / 8 GPUs). CPU pods score 0 everywhere.
 * A share-GPU pod takes the tightest GPU that fits.
 */
import { NodeLedger } from "../placement/node-ledger.ts";
import { MAX_SPEC_GPU } from "./best-fit.ts";
import { scoredNodePolicy } from "./node-policy.ts";

export const gpuClustering = scoredNodePolicy("gpu-clustering", (nodes, node, d) => {
  const kind = NodeLedger.kindOf(d.gpus, d.milli);
  if (kind < 0) return 0;
  const fullness = Math.trunc((25 * (MAX_SPEC_GPU - nodes.gpuFreeOn(node))) / MAX_SPEC_GPU);
  const at = node * nodes.kindCount;
  let kinds = 0;
  for (let k = 0; k < nodes.kindCount; k++) if (nodes.kinds[at + k] > 0) kinds++;
  if (nodes.kinds[at + kind] > 0) return fullness + (kinds === 1 ? 75 : 50);
  return fullness + (kinds === 0 ? 25 : 0);
});
