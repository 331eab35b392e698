/** NVIDIA Tesla V100 16GB (SXM2 figures): a GPU of the Alibaba openb node list ("V100M16"). */
import type { GpuSpec } from "../types.ts";
import { GIB } from "../units.ts";
import { V100_FIGURES } from "./v100.ts";

export const V100_16GB: GpuSpec = {
  ...V100_FIGURES,
  name: "V100-16GB",
  aliases: ["V100M16", "V100-SXM2-16GB", "Tesla V100-SXM2-16GB"],
  memoryBytes: 16 * GIB, // nominal; nvidia-smi shows somewhat less
};
