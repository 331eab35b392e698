/** NVIDIA A10 24GB: a GPU of the Alibaba openb node list ("A10"); Ampere without MIG. */
import type { GpuSpec } from "../types.ts";
import { GIB, MIB } from "../units.ts";
import { MPS_LIMITS } from "./mps.ts";
import { NO_MIG } from "./no-mig.ts";

export const A10_24GB: GpuSpec = {
  name: "A10-24GB",
  aliases: ["A10"],
  architecture: "Ampere",
  // NVIDIA A10 datasheet: 72 SMs (9216 CUDA cores), 24 GB GDDR6 at 600 GB/s, FP32 31.2 TFLOP/s, TF32 tensor
  // 62.5 (125 with sparsity), 150 W; 6 MB L2 and 1695 MHz boost from product listings.
  sms: 72,
  migSms: 72,
  memoryBytes: 24 * GIB, // nominal; nvidia-smi shows somewhat less
  memoryBandwidthBytesPerS: 600e9,
  l2Bytes: 6 * MIB,
  boostClockMhz: 1695,
  fp32Tflops: 31.2,
  tf32Tflops: 62.5,
  power: {
    maxW: 150,
    idleW: 20,
    source: "max: A10 datasheet; idle: assumption, not measured (placement studies do not read it)",
  },
  ...NO_MIG,
  mps: MPS_LIMITS,
  source: "NVIDIA A10 datasheet; product listings (L2, boost clock)",
};
