/**
 * Interference-aware packing: a job joins the co-runner set that the sharing model says slows everyone
 * least, as long as no one (the newcomer included) runs more than `max_slowdown` times slower than alone on
 * the whole GPU; otherwise it takes an idle GPU, otherwise it waits. Devices with the same kind and the same
 * co-runners are interchangeable, so the model is asked once per distinct set, not once per GPU.
 */
import { z } from "zod";
import type { Device } from "../device.ts";
import type { PolicyModule } from "./module.ts";
import { maxCoRunners } from "./pack-params.ts";
import type { ClusterView, Policy } from "./policy.ts";

const params = z.strictObject({
  max_co_runners: maxCoRunners,
  /** Largest slowdown (solo rate / shared rate) any co-runner may suffer after the job joins. */
  max_slowdown: z.number().gt(1).default(2),
  memory_check: z.boolean().default(true),
});
type Params = z.infer<typeof params>;

function groupKey(d: Device): string {
  const sets = d.workloads.map((w, i) => `${w}/${d.smLimits[i] ?? ""}/${d.memoryLimits[i] ?? ""}`);
  return `${d.kind}|${d.memoryBytes}|${sets.sort().join(",")}`;
}

function interferenceAware(p: Params): Policy {
  /** Devices that can take one more job, grouped by co-runner set; idle ones in their own groups. */
  const groups = new Map<string, Set<number>>();
  const keyOf = new Map<number, string>();

  const update = (d: Device) => {
    const old = keyOf.get(d.index);
    if (old !== undefined) {
      groups.get(old)?.delete(d.index);
      keyOf.delete(d.index);
    }
    if (!d.open || d.holdsAlone || d.jobs.length >= Math.min(p.max_co_runners, d.clientLimit)) return;
    const key = groupKey(d);
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = new Set()));
    group.add(d.index);
    keyOf.set(d.index, key);
  };

  /** Worst slowdown among the device's co-runners and `job` if the job joined. */
  const worstSlowdown = (cluster: ClusterView, device: number, job: number): number => {
    const d = cluster.devices[device];
    const result = cluster.predict(device, job);
    const members = [...d.workloads, cluster.jobs.workload[job]];
    let worst = 0;
    members.forEach((w, i) => {
      const solo = 1 / cluster.profiles[w].stepTimeS;
      const rate = result.stepsPerSecond[i];
      worst = Math.max(worst, rate > 0 && !result.oom[i] ? solo / rate : Infinity);
    });
    return worst;
  };

  /** Every idle device with `need` bytes, in device order (multi-GPU jobs start on idle devices only). */
  const idleDevices = (cluster: ClusterView, need: number): number[] => {
    const idle: number[] = [];
    for (const group of groups.values()) {
      for (const dev of group) {
        const d = cluster.devices[dev];
        if (d.jobs.length > 0 || d.memoryBytes < need) break;
        idle.push(dev);
      }
    }
    return idle.sort((a, b) => a - b);
  };

  return {
    init(cluster) {
      for (const d of cluster.devices) update(d);
    },
    onDeviceChange(device, cluster) {
      update(cluster.devices[device]);
    },
    place(job, cluster) {
      const need = p.memory_check ? cluster.footprint(job) : 0;
      const gpus = cluster.jobs.gpus[job];
      if (gpus > 1) {
        const idle = idleDevices(cluster, need).slice(0, gpus);
        return idle.length === gpus ? { devices: idle } : null;
      }
      const alone = cluster.jobs.alone[job] === 1;
      let best = -1;
      let bestSlowdown = p.max_slowdown;
      let idle = -1;
      for (const group of groups.values()) {
        const first = group.values().next();
        if (first.done) continue;
        const d = cluster.devices[first.value];
        if (d.memoryBytes - d.memoryUsed < need) continue;
        if (d.jobs.length === 0) {
          if (idle < 0 || d.index < idle) idle = d.index;
          continue;
        }
        if (alone) continue;
        const slowdown = worstSlowdown(cluster, d.index, job);
        if (slowdown < bestSlowdown || (slowdown === bestSlowdown && best >= 0 && d.index < best)) {
          best = d.index;
          bestSlowdown = slowdown;
        }
      }
      const device = best >= 0 ? best : idle;
      return device < 0 ? null : { devices: [device] };
    },
  };
}

export const interferenceAwarePolicy: PolicyModule<Params> = {
  name: "interference-aware",
  modes: ["naive", "mps"],
  params,
  create: (p) => interferenceAware(p),
};
