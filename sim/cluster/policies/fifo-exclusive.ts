/** FIFO on exclusive GPUs: one job per device (GPU or MIG instance), the first idle one that fits. */
import { z } from "zod";
import type { PolicyModule } from "./module.ts";
import { packing } from "./packing.ts";

export const fifoExclusive: PolicyModule<Record<string, never>> = {
  name: "fifo-exclusive",
  modes: ["exclusive", "naive", "mps", "mig"],
  params: z.strictObject({}),
  create: () => packing({ cap: () => 1, memoryCheck: true }),
};
