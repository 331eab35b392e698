/** NVIDIA H200 (SXM, 141 GB): the GPU our profiler runs on. */
import type { GpuSpec } from "../types.ts";
import { EIGHT_SLICE, migProfilesOf } from "./geometry.ts";
import { MIB } from "../units.ts";
import { MPS_LIMITS } from "./mps.ts";

// nvidia-sharing.md §3: nominal profile sizes 18432 / 35840 / 72704 / 144384 MiB; usable memory is published only
// for 3g.71gb (74,893,492,224 bytes, 98.2% of its nominal size). The nominal sizes overstate (7g's exceeds the
// whole GPU's 143771 MiB), so the other sizes are estimated as nominal x that ratio.
const USABLE_3G = 74_893_492_224;
const estimate = (nominalMib: number) => Math.floor((nominalMib * USABLE_3G) / 72704);
const ESTIMATED = "estimate: nvidia-sharing.md §3 nominal size x usable/nominal of 3g.71gb";
const SMS = "SMs inferred from H100 (same GH100 die and `-lgip` layout)";

export const H200_141GB: GpuSpec = {
  name: "H200-141GB",
  aliases: ["H200", "H200-SXM", "H200-SXM-141GB"],
  architecture: "Hopper",
  sms: 132, // measured: torch.cuda.get_device_properties multi_processor_count on our H200
  migSms: 132,
  memoryBytes: 143771 * MIB, // measured: nvidia-smi memory.total, driver 580.159.04 (CUDA sees 143155 MiB)
  memoryBandwidthBytesPerS: 4.8e12, // NVIDIA H200 datasheet
  l2Bytes: 60 * MIB, // measured: torch reports L2_cache_size=60MB
  boostClockMhz: 1980, // measured: nvidia-smi clocks.max.sm
  // NVIDIA H200 datasheet (SXM): FP32 67 TFLOP/s, TF32 tensor 989 with sparsity (494.5 dense).
  fp32Tflops: 67,
  tf32Tflops: 494.5,
  power: {
    maxW: 700, // measured: nvidia-smi power.limit = power.max_limit = 700 W (datasheet: up to 700 W)
    idleW: 79.4, // measured: 10 x 1 s power.draw.average readings 79.3-79.5 W, P0, no process, 2026-11-29
    source: "measured on our H200 (nvidia-smi, driver 580.159.04)",
  },
  memorySlices: 8,
  computeSlices: 7,
  migProfiles: migProfilesOf(EIGHT_SLICE, [
    { id: 19, name: "1g.18gb", sms: 16, usableMemoryBytes: estimate(18432), source: `${ESTIMATED}; ${SMS}` },
    {
      id: 20,
      name: "1g.18gb+me",
      sms: 16,
      usableMemoryBytes: estimate(18432),
      source: `${ESTIMATED}; ${SMS}`,
    },
    { id: 15, name: "1g.35gb", sms: 26, usableMemoryBytes: estimate(35840), source: `${ESTIMATED}; ${SMS}` },
    { id: 14, name: "2g.35gb", sms: 32, usableMemoryBytes: estimate(35840), source: `${ESTIMATED}; ${SMS}` },
    {
      id: 9,
      name: "3g.71gb",
      sms: 60,
      usableMemoryBytes: 74_893_492_224,
      source: "nvidia-sharing.md §3 (reported)",
    },
    // Same four memory slices as 3g.71gb, so the same usable memory (inferred).
    {
      id: 5,
      name: "4g.71gb",
      sms: 64,
      usableMemoryBytes: 74_893_492_224,
      source: `inferred from 3g.71gb; ${SMS}`,
    },
    {
      id: 0,
      name: "7g.141gb",
      sms: 132,
      usableMemoryBytes: estimate(144384),
      source: `${ESTIMATED}; ${SMS}`,
    },
  ]),
  mps: MPS_LIMITS,
  source:
    "NVIDIA H200 datasheet; measured on our H200 with nvidia-smi and torch (driver 580.159.04, 2026-11-29)",
};
