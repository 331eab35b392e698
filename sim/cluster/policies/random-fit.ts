/**
 * Random-fit (the FGD paper's baseline; its simulator's RandomScore with the "random" GPU choice): any node that
 * can take the pod, uniformly at random (seeded stream "policy/random-fit"), and for a share-GPU pod any GPU
 * of it that fits ("policy/random-fit/gpus").
 */
import { z } from "zod";
import { RandomStream } from "../../core/index.ts";
import { randomGpus } from "./gpu-choice.ts";
import type { PolicyModule } from "./module.ts";
import { nodePolicy } from "./node-policy.ts";

const params = z.strictObject({});

export const randomFit: PolicyModule<z.infer<typeof params>> = {
  name: "random-fit",
  modes: ["naive", "mps"],
  params,
  create: (_p, input) =>
    nodePolicy({
      tieBreak: "first",
      seed: input.seed,
      select: "random",
      rule: ({ nodes }) => {
        const rng = new RandomStream(input.seed, "policy/random-fit/gpus");
        return {
          score: () => 0,
          gpus: (_job, node, d) => randomGpus(nodes, node, d.gpus, d.milli, rng),
        };
      },
    }),
};
