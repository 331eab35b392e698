/** NVIDIA H100 SXM5 80GB. */
import type { GpuSpec } from "../types.ts";
import { EIGHT_SLICE, migProfilesOf } from "./geometry.ts";
import { GIB, MIB } from "../units.ts";
import { MPS_LIMITS } from "./mps.ts";

// Real `nvidia-smi mig -lgip` output of an H100 80GB quoted in nvidia-sharing.md §3.
const LGIP = "nvidia-sharing.md §3 (H100-80GB `-lgip`)";

export const H100_SXM5_80GB: GpuSpec = {
  name: "H100-SXM5-80GB",
  aliases: ["H100-80GB", "H100", "H100-SXM", "H100-SXM5", "H100-80GB-HBM3"],
  architecture: "Hopper",
  // NVIDIA H100 datasheet (SXM) and Hopper whitepaper: 132 SMs, 3.35 TB/s HBM3, 50 MB L2, 1980 MHz boost,
  // FP32 67 TFLOP/s, TF32 tensor 989 TFLOP/s with sparsity (494.5 dense), up to 700 W.
  sms: 132,
  migSms: 132,
  memoryBytes: 81559 * MIB, // nvidia-smi memory.total of "NVIDIA H100 80GB HBM3" in public outputs
  memoryBandwidthBytesPerS: 3.35e12,
  l2Bytes: 50 * MIB,
  boostClockMhz: 1980,
  fp32Tflops: 67,
  tf32Tflops: 494.5,
  power: {
    maxW: 700,
    // Public nvidia-smi outputs of idle H100 80GB HBM3 (1 MiB used, 0%) read 69-75 W.
    idleW: 70,
    source: "max: H100 datasheet; idle: assumption from public nvidia-smi outputs (69-75 W)",
  },
  memorySlices: 8,
  computeSlices: 7,
  migProfiles: migProfilesOf(EIGHT_SLICE, [
    { id: 19, name: "1g.10gb", sms: 16, usableMemoryBytes: 9.75 * GIB, source: LGIP },
    { id: 20, name: "1g.10gb+me", sms: 16, usableMemoryBytes: 9.75 * GIB, source: LGIP },
    { id: 15, name: "1g.20gb", sms: 26, usableMemoryBytes: 19.62 * GIB, source: LGIP },
    { id: 14, name: "2g.20gb", sms: 32, usableMemoryBytes: 19.62 * GIB, source: LGIP },
    { id: 9, name: "3g.40gb", sms: 60, usableMemoryBytes: 39.5 * GIB, source: LGIP },
    { id: 5, name: "4g.40gb", sms: 64, usableMemoryBytes: 39.5 * GIB, source: LGIP },
    { id: 0, name: "7g.80gb", sms: 132, usableMemoryBytes: 79.25 * GIB, source: LGIP },
  ]),
  mps: MPS_LIMITS,
  source: "NVIDIA H100 Tensor Core GPU datasheet (SXM); NVIDIA Hopper whitepaper; nvidia-sharing.md",
};
