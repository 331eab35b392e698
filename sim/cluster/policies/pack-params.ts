/** Parameters shared by the packing policies. */
import { z } from "zod";

export const packParams = z.strictObject({
  /** Most jobs sharing one GPU (MPS allows up to 48 clients). */
  max_co_runners: z.int().min(1).max(48).default(4),
  /** Place a job only where its solo memory footprint fits beside its co-runners'. */
  memory_check: z.boolean().default(true),
});
export type PackParams = z.infer<typeof packParams>;
