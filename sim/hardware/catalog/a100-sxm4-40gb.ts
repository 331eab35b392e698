/** NVIDIA A100-SXM4-40GB: the GPU of the study (paper.md). */
import type { GpuSpec } from "../types.ts";
import { EIGHT_SLICE, migProfilesOf } from "./geometry.ts";
import { GIB, MIB } from "../units.ts";
import { MPS_LIMITS } from "./mps.ts";

// Real `nvidia-smi mig -lgip` output quoted in nvidia-sharing.md §3 (SMs and "Memory GiB").
const LGIP = "nvidia-sharing.md §3 (A100-40GB `-lgip`)";

export const A100_SXM4_40GB: GpuSpec = {
  name: "A100-SXM4-40GB",
  aliases: ["A100-40GB", "A100", "A100-SXM4"],
  architecture: "Ampere",
  // NVIDIA A100 datasheet and Ampere whitepaper: 108 SMs, 1,555 GB/s HBM2, 40 MB L2, 1410 MHz boost,
  // FP32 19.5 TFLOP/s, TF32 tensor 156 TFLOP/s (312 with sparsity), 400 W.
  sms: 108,
  migSms: 98, // 7 x 14 SMs usable with MIG on (nvidia-sharing.md §3)
  memoryBytes: 40537 * MIB, // nvidia-smi memory.total, driver 450.80 (Summer-Lo/Docker_configuration 000-MIG/README.md)
  memoryBandwidthBytesPerS: 1555e9,
  l2Bytes: 40 * MIB,
  boostClockMhz: 1410,
  fp32Tflops: 19.5,
  tf32Tflops: 156,
  power: {
    maxW: 400,
    // Not in the datasheet: public nvidia-smi outputs of idle A100-SXM4-40GB (0 MiB used, 0%) show 48-62 W.
    idleW: 50,
    source: "max: A100 datasheet; idle: assumption from public nvidia-smi outputs (48-62 W)",
  },
  memorySlices: 8,
  computeSlices: 7,
  migProfiles: migProfilesOf(EIGHT_SLICE, [
    { id: 19, name: "1g.5gb", sms: 14, usableMemoryBytes: 4.75 * GIB, source: LGIP },
    { id: 20, name: "1g.5gb+me", sms: 14, usableMemoryBytes: 4.75 * GIB, source: LGIP },
    // Inferred: two memory slices like 2g.10gb, so the same usable memory; one compute slice of 14 SMs.
    { id: 15, name: "1g.10gb", sms: 14, usableMemoryBytes: 9.62 * GIB, source: "inferred from 2g.10gb" },
    { id: 14, name: "2g.10gb", sms: 28, usableMemoryBytes: 9.62 * GIB, source: LGIP },
    { id: 9, name: "3g.20gb", sms: 42, usableMemoryBytes: 19.5 * GIB, source: LGIP },
    { id: 5, name: "4g.20gb", sms: 56, usableMemoryBytes: 19.5 * GIB, source: LGIP },
    { id: 0, name: "7g.40gb", sms: 98, usableMemoryBytes: 39.25 * GIB, source: LGIP },
  ]),
  mps: MPS_LIMITS,
  source: "NVIDIA A100 Tensor Core GPU datasheet; NVIDIA Ampere GA100 whitepaper; nvidia-sharing.md",
};
