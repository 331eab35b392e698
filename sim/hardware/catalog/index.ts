/** Every GPU of the catalog, in the order `colloc gpus` lists them, and the models known only for placement. */
import type { GpuSpec } from "../types.ts";
import { A100_SXM4_40GB } from "./a100-sxm4-40gb.ts";
import { A100_80GB } from "./a100-80gb.ts";
import { H100_SXM5_80GB } from "./h100-sxm5-80gb.ts";
import { H100_NVL_94GB } from "./h100-nvl-94gb.ts";
import { H200_141GB } from "./h200-141gb.ts";
import { A30_24GB } from "./a30-24gb.ts";
import { P100_16GB } from "./p100-16gb.ts";
import { V100_16GB } from "./v100-16gb.ts";
import { V100_32GB } from "./v100-32gb.ts";
import { T4_16GB } from "./t4-16gb.ts";
import { A10_24GB } from "./a10-24gb.ts";

export { PLACEMENT_ONLY } from "./placement-only.ts";

export const CATALOG: readonly GpuSpec[] = [
  A100_SXM4_40GB,
  A100_80GB,
  H100_SXM5_80GB,
  H100_NVL_94GB,
  H200_141GB,
  A30_24GB,
  P100_16GB,
  V100_16GB,
  V100_32GB,
  T4_16GB,
  A10_24GB,
];
