/** What the two V100 memory sizes share (SXM2 figures: the openb trace does not say which form factor). */
import type { GpuSpec } from "../types.ts";
import { MIB } from "../units.ts";
import { MPS_LIMITS } from "./mps.ts";
import { NO_MIG } from "./no-mig.ts";

export const V100_FIGURES: Omit<GpuSpec, "name" | "aliases" | "memoryBytes"> = {
  architecture: "Volta",
  // NVIDIA Tesla V100 datasheet (SXM2): 80 SMs (5120 CUDA cores), HBM2 at 900 GB/s, 6 MB L2, 1530 MHz boost,
  // FP32 15.7 TFLOP/s, 300 W. Its tensor cores do FP16, not TF32: no TF32 rate.
  sms: 80,
  migSms: 80,
  memoryBandwidthBytesPerS: 900e9,
  l2Bytes: 6 * MIB,
  boostClockMhz: 1530,
  fp32Tflops: 15.7,
  tf32Tflops: 0,
  power: {
    maxW: 300,
    idleW: 40,
    source: "max: V100 SXM2 datasheet; idle: assumption, not measured (placement studies do not read it)",
  },
  ...NO_MIG,
  mps: MPS_LIMITS,
  source: "NVIDIA Tesla V100 datasheet (SXM2)",
};
