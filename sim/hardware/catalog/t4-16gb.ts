/** NVIDIA T4 16GB: a GPU of the Alibaba openb node list ("T4"). */
import type { GpuSpec } from "../types.ts";
import { GIB, MIB } from "../units.ts";
import { MPS_LIMITS } from "./mps.ts";
import { NO_MIG } from "./no-mig.ts";

export const T4_16GB: GpuSpec = {
  name: "T4-16GB",
  aliases: ["T4", "Tesla T4"],
  architecture: "Turing",
  // NVIDIA T4 datasheet: 40 SMs (2560 CUDA cores), 16 GB GDDR6 at 320 GB/s, FP32 8.1 TFLOP/s, 70 W; 4 MB L2 and
  // 1590 MHz boost from product listings. Its tensor cores do FP16/INT8, not TF32: no TF32 rate.
  sms: 40,
  migSms: 40,
  memoryBytes: 16 * GIB, // nominal; nvidia-smi shows somewhat less
  memoryBandwidthBytesPerS: 320e9,
  l2Bytes: 4 * MIB,
  boostClockMhz: 1590,
  fp32Tflops: 8.1,
  tf32Tflops: 0,
  power: {
    maxW: 70,
    idleW: 10,
    source: "max: T4 datasheet; idle: assumption, not measured (placement studies do not read it)",
  },
  ...NO_MIG,
  mps: MPS_LIMITS,
  source: "NVIDIA T4 datasheet; product listings (L2, boost clock)",
};
