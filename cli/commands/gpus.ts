/** `colloc gpus [--json]`: the GPU catalog, one row per GPU (JSON: every field with its sources). */
import type { Command } from "commander";
import { GIB, gpus, MIB, placementOnlyGpus, type GpuSpec } from "../../sim/hardware/index.ts";
import { formatTable } from "../table.ts";
import type { Register } from "./index.ts";

function row(g: GpuSpec): (string | number)[] {
  return [
    g.name,
    g.architecture,
    g.sms,
    g.memoryBytes / GIB,
    g.memoryBandwidthBytesPerS / 1e9,
    g.l2Bytes / MIB,
    g.boostClockMhz,
    g.fp32Tflops,
    g.tf32Tflops,
    g.power.maxW,
    g.power.idleW,
    g.memorySlices > 0 ? `${g.memorySlices}/${g.computeSlices}` : "-",
    g.migProfiles.length > 0 ? g.migProfiles.map((p) => p.name).join(" ") : "no MIG",
  ];
}

const HEADER = [
  "gpu",
  "arch",
  "SMs",
  "memory GiB",
  "bandwidth GB/s",
  "L2 MiB",
  "boost MHz",
  "FP32 TFLOP/s",
  "TF32 TFLOP/s",
  "max W",
  "idle W",
  "MIG slices mem/compute",
  "MIG profiles",
];

export const registerGpus: Register = (program: Command) => {
  program
    .command("gpus")
    .description("list the GPU catalog: SMs, memory, bandwidth, clocks, power, MIG profiles")
    .option("--json", "print the whole catalog as JSON (every field, with sources)")
    .action((options: { json?: boolean }) => {
      if (options.json) process.stdout.write(`${JSON.stringify(gpus(), null, 2)}\n`);
      else {
        const placementOnly = placementOnlyGpus().map((g) => g.name);
        process.stdout.write(formatTable(HEADER, gpus().map(row)));
        process.stdout.write(`known for placement only (undisclosed models): ${placementOnly.join(", ")}\n`);
      }
    });
};
