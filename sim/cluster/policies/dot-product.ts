/**
 * Dot-product (the FGD paper's baseline after Tetris, SIGCOMM 2014; its simulator's DotProductScore with the
 * "merge" GPU dimension and "max" normalization): the node's free [CPU, milli-GPUs] and the pod's request, each
 * over the largest node's (128 cores, 8 GPUs), their dot product halved; score 100 x (1 - that), truncated.
 * A share-GPU pod takes the tightest GPU that fits.
 */
import { z } from "zod";
import { MAX_SPEC_CPU, MAX_SPEC_GPU } from "./best-fit.ts";
import { bestFitGpus } from "./gpu-choice.ts";
import type { PolicyModule } from "./module.ts";
import { nodeParams, nodePolicy } from "./node-policy.ts";

export const dotProduct: PolicyModule<z.infer<typeof nodeParams>> = {
  name: "dot-product",
  modes: ["naive", "mps"],
  params: nodeParams,
  create: (p, input) =>
    nodePolicy({
      tieBreak: p.tie_break,
      seed: input.seed,
      rule: ({ nodes }) => ({
        score(_job, node, d) {
          let gpuFree = 0;
          for (const g of nodes.nodeGpus[node]) gpuFree += nodes.gpuFree[g];
          let dot = 0;
          dot += (nodes.cpuFree[node] / MAX_SPEC_CPU) * (d.cpu / MAX_SPEC_CPU);
          dot += (gpuFree / MAX_SPEC_GPU) * ((d.milli * d.gpus) / MAX_SPEC_GPU);
          return Math.trunc(100 * (1 - dot / 2));
        },
        gpus: (_job, node, d) => bestFitGpus(nodes, node, d.gpus, d.milli),
      }),
    }),
};
