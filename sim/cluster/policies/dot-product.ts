/**
 * Dot-product (the FGD paper's baseline after Tetris, SIGCOMM 2014; its simulator's DotProductScore with the
 * "merge" GPU dimension and "max" normalization): the node's free [CPU, milli-GPUs] and the pod's request, each
 * over the largest node's (128 cores, 8 GPUs), their dot product halved; score 100 x (1 - that), truncated.
 * A share-GPU pod takes the tightest GPU that fits.
 */
import { MAX_SPEC_CPU, MAX_SPEC_GPU } from "./best-fit.ts";
import { scoredNodePolicy } from "./node-policy.ts";

export const dotProduct = scoredNodePolicy("dot-product", (nodes, node, d) => {
  let dot = 0;
  dot += (nodes.cpuFree[node] / MAX_SPEC_CPU) * (d.cpu / MAX_SPEC_CPU);
  dot += (nodes.gpuFreeOn(node) / MAX_SPEC_GPU) * ((d.milli * d.gpus) / MAX_SPEC_GPU);
  return Math.trunc(100 * (1 - dot / 2));
});
