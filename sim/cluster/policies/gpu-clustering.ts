/**
 * GPU clustering (the FGD paper's baseline; its simulator's GpuClusteringScore), in integers: pods of one kind
 * (share-GPU, or k whole GPUs) gather on nodes already holding that kind: 75-100 on a node holding only that
 * kind, 50-75 on one holding it among others, 25-50 on a node holding no GPU pod, 0-25 on one holding only other
 * kinds; within a band, fuller nodes score higher (25 x (8 GPUs - free) / 8 GPUs). CPU pods score 0 everywhere.
 * A share-GPU pod takes the tightest GPU that fits.
 */
import { z } from "zod";
import { NodeLedger } from "../placement/node-ledger.ts";
import { MAX_SPEC_GPU } from "./best-fit.ts";
import { bestFitGpus } from "./gpu-choice.ts";
import type { PolicyModule } from "./module.ts";
import { nodeParams, nodePolicy } from "./node-policy.ts";

export const gpuClustering: PolicyModule<z.infer<typeof nodeParams>> = {
  name: "gpu-clustering",
  modes: ["naive", "mps"],
  params: nodeParams,
  create: (p, input) =>
    nodePolicy({
      tieBreak: p.tie_break,
      seed: input.seed,
      rule: ({ nodes }) => ({
        score(_job, node, d) {
          const kind = NodeLedger.kindOf(d.gpus, d.milli);
          if (kind < 0) return 0;
          let free = 0;
          for (const g of nodes.nodeGpus[node]) free += nodes.gpuFree[g];
          const fullness = Math.trunc((25 * (MAX_SPEC_GPU - free)) / MAX_SPEC_GPU);
          const at = node * nodes.kindCount;
          let kinds = 0;
          for (let k = 0; k < nodes.kindCount; k++) if (nodes.kinds[at + k] > 0) kinds++;
          if (nodes.kinds[at + kind] > 0) return fullness + (kinds === 1 ? 75 : 50);
          return fullness + (kinds === 0 ? 25 : 0);
        },
        gpus: (_job, node, d) => bestFitGpus(nodes, node, d.gpus, d.milli),
      }),
    }),
};
