/**
 * Best-fit (the FGD paper's baseline; its simulator's BestFitScore): the node the pod leaves least of, counting CPU
 * and milli-GPUs half each, each over the largest node's (128 cores, 8 GPUs): score 100 x (1 - sum), truncated,
 * then rescaled to 0..100 over the nodes that can take the pod. A share-GPU pod takes the tightest GPU that fits.
 */
import { scoredNodePolicy } from "./node-policy.ts";

/** The simulator's normalizers: the largest CPU and GPU spec of a node (milli). */
export const MAX_SPEC_CPU = 128_000;
export const MAX_SPEC_GPU = 8_000;

export const bestFit = scoredNodePolicy(
  "best-fit",
  (nodes, node, d) => {
    let left = 0;
    left += ((nodes.cpuFree[node] - d.cpu) / MAX_SPEC_CPU) * 0.5;
    left += ((nodes.gpuFreeOn(node) - d.milli * d.gpus) / MAX_SPEC_GPU) * 0.5;
    return Math.trunc((1 - left) * 100);
  },
  true,
);
