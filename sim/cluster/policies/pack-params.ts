/** Parameters shared by the packing policies. */
import { z } from "zod";
import { MPS_LIMITS } from "../../hardware/index.ts";

/** Most jobs sharing one GPU or MIG instance: at most the clients MPS allows on any GPU of the catalog. */
export const maxCoRunners = z.int().min(1).max(MPS_LIMITS.maxClients).default(4);

export const packParams = z.strictObject({
  max_co_runners: maxCoRunners,
  /** Place a job only where its solo memory footprint fits beside its co-runners'. */
  memory_check: z.boolean().default(true),
});
export type PackParams = z.infer<typeof packParams>;
