/** NVIDIA H100 NVL 94GB. */
import type { GpuSpec } from "../types.ts";
import { EIGHT_SLICE, migProfilesOf } from "./geometry.ts";
import { GIB, MIB } from "../units.ts";
import { MPS_LIMITS } from "./mps.ts";

// `nvidia-smi mig -lgip` of an H100 NVL, quoted in nvidia-sharing.md §3 and NVIDIA/gpu-operator PR #900.
const LGIP = "nvidia-sharing.md §3 (H100-94GB `-lgip`); NVIDIA/gpu-operator PR #900";

export const H100_NVL_94GB: GpuSpec = {
  name: "H100-NVL-94GB",
  aliases: ["H100-NVL", "H100-94GB"],
  architecture: "Hopper",
  // NVIDIA H100 datasheet (NVL): 3.9 TB/s HBM3, FP32 60 TFLOP/s, TF32 tensor 835 with sparsity (417.5 dense),
  // 350-400 W configurable; 132 SMs as `-lgip` 7g shows. 50 MB L2 as H100 SXM5 (same GH100 configuration) and
  // 1785 MHz boost from product listings: neither is in the NVL datasheet.
  sms: 132,
  migSms: 132,
  memoryBytes: 95830 * MIB, // nvidia-smi memory.total of "NVIDIA H100 NVL" in public outputs
  memoryBandwidthBytesPerS: 3.9e12,
  l2Bytes: 50 * MIB,
  boostClockMhz: 1785,
  fp32Tflops: 60,
  tf32Tflops: 417.5,
  power: {
    maxW: 400,
    // Public nvidia-smi outputs of idle H100 NVL (0-4 MiB used, 0%) read 63-68 W.
    idleW: 65,
    source: "max: H100 NVL datasheet (upper end); idle: assumption from public nvidia-smi outputs (63-68 W)",
  },
  memorySlices: 8,
  computeSlices: 7,
  migProfiles: migProfilesOf(EIGHT_SLICE, [
    { id: 19, name: "1g.12gb", sms: 16, usableMemoryBytes: 10.75 * GIB, source: LGIP },
    { id: 20, name: "1g.12gb+me", sms: 16, usableMemoryBytes: 10.75 * GIB, source: LGIP },
    { id: 15, name: "1g.24gb", sms: 26, usableMemoryBytes: 21.62 * GIB, source: LGIP },
    { id: 14, name: "2g.24gb", sms: 32, usableMemoryBytes: 21.62 * GIB, source: LGIP },
    { id: 9, name: "3g.47gb", sms: 60, usableMemoryBytes: 46.38 * GIB, source: LGIP },
    { id: 5, name: "4g.47gb", sms: 64, usableMemoryBytes: 46.38 * GIB, source: LGIP },
    { id: 0, name: "7g.94gb", sms: 132, usableMemoryBytes: 93.12 * GIB, source: LGIP },
  ]),
  mps: MPS_LIMITS,
  source: "NVIDIA H100 Tensor Core GPU datasheet (NVL); nvidia-sharing.md; public nvidia-smi outputs",
};
