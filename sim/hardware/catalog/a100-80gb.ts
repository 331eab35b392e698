/** NVIDIA A100 80GB (SXM4 figures for power and bandwidth; MIG memory from a PCIe card, same memory layout). */
import type { GpuSpec } from "../types.ts";
import { EIGHT_SLICE, migProfilesOf } from "./geometry.ts";
import { GIB, MIB } from "../units.ts";
import { MPS_LIMITS } from "./mps.ts";

// Published `nvidia-smi mig -lgip` of an "NVIDIA A100 80G" (driver 515.86.01), in a public MIG tutorial.
const LGIP = "published A100 80GB `-lgip`, driver 515.86.01";

export const A100_80GB: GpuSpec = {
  name: "A100-80GB",
  aliases: ["A100-SXM4-80GB", "A100-SXM-80GB", "A100-80GB-SXM4"],
  architecture: "Ampere",
  // NVIDIA A100 datasheet (80GB SXM): 108 SMs, 2,039 GB/s HBM2e, 40 MB L2, 1410 MHz, FP32 19.5, TF32 156, 400 W.
  sms: 108,
  migSms: 98,
  memoryBytes: 81920 * MIB, // nvidia-smi memory.total of A100-SXM4-80GB, driver 545 (NVIDIA/mig-parted issue #31)
  memoryBandwidthBytesPerS: 2039e9,
  l2Bytes: 40 * MIB,
  boostClockMhz: 1410,
  fp32Tflops: 19.5,
  tf32Tflops: 156,
  power: {
    maxW: 400,
    // NVIDIA/mig-parted issue #31: two idle A100-SXM4-80GB in MIG mode read 49 W and 51 W.
    idleW: 50,
    source: "max: A100 datasheet; idle: assumption from public nvidia-smi outputs (49-51 W)",
  },
  memorySlices: 8,
  computeSlices: 7,
  migProfiles: migProfilesOf(EIGHT_SLICE, [
    { id: 19, name: "1g.10gb", sms: 14, usableMemoryBytes: 9.5 * GIB, source: LGIP },
    { id: 20, name: "1g.10gb+me", sms: 14, usableMemoryBytes: 9.5 * GIB, source: LGIP },
    // Profile 15 appeared with a later driver; a published A100 80GB `-lgip` lists it at 19.50 GiB, 14 SMs.
    {
      id: 15,
      name: "1g.20gb",
      sms: 14,
      usableMemoryBytes: 19.5 * GIB,
      source: "published A100 80GB `-lgip`",
    },
    { id: 14, name: "2g.20gb", sms: 28, usableMemoryBytes: 19.5 * GIB, source: LGIP },
    { id: 9, name: "3g.40gb", sms: 42, usableMemoryBytes: 39.25 * GIB, source: LGIP },
    { id: 5, name: "4g.40gb", sms: 56, usableMemoryBytes: 39.25 * GIB, source: LGIP },
    { id: 0, name: "7g.80gb", sms: 98, usableMemoryBytes: 79 * GIB, source: LGIP },
  ]),
  mps: MPS_LIMITS,
  source: "NVIDIA A100 Tensor Core GPU datasheet (80GB SXM); published nvidia-smi outputs",
};
