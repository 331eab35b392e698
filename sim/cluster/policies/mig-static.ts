/**
 * MIG with a fixed layout, best-fit: each job takes the smallest idle instance its memory fits in (with MPS
 * inside the instances, the smallest one with room beside its co-runners).
 */
import { z } from "zod";
import type { PolicyModule } from "./module.ts";
import { maxCoRunners } from "./pack-params.ts";
import { packing } from "./packing.ts";

const params = z.strictObject({
  /** Jobs per instance when the GPUs run MPS inside their instances. */
  max_co_runners: maxCoRunners,
});

export const migStatic: PolicyModule<z.infer<typeof params>> = {
  name: "mig-static",
  modes: ["mig"],
  params,
  create: (p, input) =>
    packing({
      cap: (d) => {
        const sharing = input.gpus[d.gpu].sharing;
        return sharing.mode === "mig" && sharing.mpsInside ? p.max_co_runners : 1;
      },
      memoryCheck: true,
      order: (cluster) =>
        cluster.devices
          .map((d) => d.index)
          .sort((a, b) => {
            const x = cluster.devices[a];
            const y = cluster.devices[b];
            return x.memoryBytes - y.memoryBytes || x.sms - y.sms || a - b;
          }),
    }),
};
