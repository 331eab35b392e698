/** NVIDIA Tesla P100 16GB (PCIe figures): a GPU of the Alibaba openb node list ("P100"). */
import type { GpuSpec } from "../types.ts";
import { GIB, MIB } from "../units.ts";
import { PRE_VOLTA_MPS_LIMITS } from "./mps.ts";
import { NO_MIG } from "./no-mig.ts";

export const P100_16GB: GpuSpec = {
  name: "P100-16GB",
  // The openb trace says only "P100"; its nodes hold 1-2 of them, as PCIe servers do.
  aliases: ["P100", "Tesla P100", "P100-PCIE-16GB"],
  architecture: "Pascal",
  // NVIDIA Tesla P100 PCIe datasheet: 56 SMs (3584 CUDA cores), 16 GB HBM2 at 732 GB/s, 4 MB L2, 1303 MHz
  // boost, FP32 9.3 TFLOP/s, 250 W. No tensor cores: no TF32 rate.
  sms: 56,
  migSms: 56,
  memoryBytes: 16 * GIB, // nominal; nvidia-smi shows somewhat less
  memoryBandwidthBytesPerS: 732e9,
  l2Bytes: 4 * MIB,
  boostClockMhz: 1303,
  fp32Tflops: 9.3,
  tf32Tflops: 0,
  power: {
    maxW: 250,
    idleW: 25,
    source: "max: P100 PCIe datasheet; idle: assumption, not measured (placement studies do not read it)",
  },
  ...NO_MIG,
  mps: PRE_VOLTA_MPS_LIMITS,
  source: "NVIDIA Tesla P100 PCIe datasheet",
};
