/** MPS packing: each job joins the first MPS GPU with room under the co-runner cap (and memory, if checked). */
import type { PolicyModule } from "./module.ts";
import { packParams, type PackParams } from "./pack-params.ts";
import { packing } from "./packing.ts";

export const mpsPack: PolicyModule<PackParams> = {
  name: "mps-pack",
  modes: ["mps"],
  params: packParams,
  create: (p) => packing({ cap: () => p.max_co_runners, memoryCheck: p.memory_check }),
};
