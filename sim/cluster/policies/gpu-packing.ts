/**
 * GPU packing (the FGD paper's baseline; its simulator's GpuPackingScore), in integers: a pod that fits on GPUs
 * already in use scores 100 - (their free shares in % summed) / 10, at least 50; one that needs fully free GPUs
 * of a node in use 50 - their count, at least 33; a node with every GPU free 33 - its GPU count (at least that
 * count). CPU pods score 0 everywhere (the first node in tie order). A share-GPU pod takes the tightest GPU.
 */
import { GPU_MILLI } from "../scenario/cluster-input.ts";
import type { NodeLedger } from "../placement/node-ledger.ts";
import { scoredNodePolicy } from "./node-policy.ts";

function packingScore(nodes: NodeLedger, node: number, gpus: number, milli: number): number {
  const own = nodes.nodeGpus[node];
  let fullyFree = 0;
  for (const g of own) if (nodes.gpuFree[g] === GPU_MILLI) fullyFree++;
  if (fullyFree === own.length) return Math.max(Math.trunc(100 / 3) - fullyFree, fullyFree);
  // The GPUs it would take: least free first (a stable sort), those it fits on.
  const order = Array.from(own).sort((a, b) => nodes.gpuFree[a] - nodes.gpuFree[b]);
  let need = gpus;
  let freeToUse = 0;
  let sharePct = 0;
  for (const g of order) {
    if (need === 0) break;
    const free = nodes.gpuFree[g];
    if (milli <= free) {
      need--;
      if (free === GPU_MILLI) freeToUse++;
      sharePct += Math.trunc((free * 100) / GPU_MILLI);
    }
  }
  if (freeToUse > 0) return Math.max(50 - freeToUse, Math.trunc(100 / 3));
  return Math.max(100 - Math.trunc(sharePct / 10), 50);
}

export const gpuPacking = scoredNodePolicy("gpu-packing", (nodes, node, d) =>
  d.gpus === 0 || d.milli <= 0 ? 0 : packingScore(nodes, node, d.gpus, d.milli),
);
