/** Time-slicing packing: like MPS packing, on GPUs whose co-runners take turns (no MPS). */
import type { PolicyModule } from "./module.ts";
import { packParams, type PackParams } from "./pack-params.ts";
import { packing } from "./packing.ts";

export const naivePack: PolicyModule<PackParams> = {
  name: "naive-pack",
  modes: ["naive"],
  params: packParams,
  create: (p) => packing({ cap: () => p.max_co_runners, memoryCheck: p.memory_check }),
};
