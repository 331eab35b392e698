/** NVIDIA Tesla V100 32GB (SXM2 figures): a GPU of the Alibaba openb node list ("V100M32"). */
import type { GpuSpec } from "../types.ts";
import { GIB } from "../units.ts";
import { V100_FIGURES } from "./v100.ts";

export const V100_32GB: GpuSpec = {
  ...V100_FIGURES,
  name: "V100-32GB",
  aliases: ["V100M32", "V100-SXM2-32GB", "Tesla V100-SXM2-32GB"],
  memoryBytes: 32 * GIB, // nominal; nvidia-smi shows somewhat less
};
