/** NVIDIA A30 24GB: the smallest MIG GPU (4 memory slices, 4 compute slices). */
import type { GpuSpec } from "../types.ts";
import { FOUR_SLICE, migProfilesOf } from "./geometry.ts";
import { GIB, MIB } from "../units.ts";
import { MPS_LIMITS } from "./mps.ts";

// `nvidia-smi mig -lgip` of an A30, driver 450.80.02 (Summer-Lo/Docker_configuration 000-MIG/README.md).
const LGIP = "published A30 `-lgip`, driver 450.80.02";

export const A30_24GB: GpuSpec = {
  name: "A30-24GB",
  aliases: ["A30"],
  architecture: "Ampere",
  // NVIDIA A30 datasheet: 933 GB/s HBM2, FP32 10.3 TFLOP/s, TF32 tensor 82 (165 with sparsity), 165 W.
  // 56 SMs as `-lgip` 4g shows. 24 MB L2 and 1440 MHz boost from product listings (not in the datasheet).
  sms: 56,
  migSms: 56,
  memoryBytes: 24258 * MIB, // nvidia-smi memory.total of "NVIDIA A30" in a public output
  memoryBandwidthBytesPerS: 933e9,
  l2Bytes: 24 * MIB,
  boostClockMhz: 1440,
  fp32Tflops: 10.3,
  tf32Tflops: 82,
  power: {
    maxW: 165,
    // One public nvidia-smi output of an idle A30 (3 MiB used, 0%) reads 31 W.
    idleW: 31,
    source: "max: A30 datasheet; idle: assumption from a public nvidia-smi output (31 W)",
  },
  memorySlices: 4,
  computeSlices: 4,
  migProfiles: migProfilesOf(FOUR_SLICE, [
    { id: 14, name: "1g.6gb", sms: 14, usableMemoryBytes: 5.81 * GIB, source: LGIP },
    { id: 21, name: "1g.6gb+me", sms: 14, usableMemoryBytes: 5.81 * GIB, source: LGIP },
    { id: 5, name: "2g.12gb", sms: 28, usableMemoryBytes: 11.69 * GIB, source: LGIP },
    // Listed in nvidia-sharing.md §2 but not in that driver's `-lgip`: same slices as 2g.12gb, so same memory.
    { id: 6, name: "2g.12gb+me", sms: 28, usableMemoryBytes: 11.69 * GIB, source: "inferred from 2g.12gb" },
    { id: 0, name: "4g.24gb", sms: 56, usableMemoryBytes: 23.5 * GIB, source: LGIP },
  ]),
  mps: MPS_LIMITS,
  source: "NVIDIA A30 Tensor Core GPU datasheet; published nvidia-smi outputs",
};
