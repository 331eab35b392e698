/**
 * MIG with re-partitioning. Each job wants the smallest instance profile its memory fits in. In order:
 * (1) the smallest idle instance it fits; (2) a GPU with free slices for a new instance; (3) a GPU where
 * destroying idle instances makes room; (4) with `drain`, the GPU running the fewest jobs is drained whole.
 * Instances are created `reconfiguration_s` after the ones they replace are gone (sim/hardware's
 * planReconfiguration picks the target layout that keeps the most current instances).
 */
import { z } from "zod";
import { migProfile, migProfiles, planReconfiguration, type GeometryRequest } from "../../hardware/index.ts";
import type { MigProfile } from "../../hardware/index.ts";
import { specOf, type ClusterGpu, type MigInstance } from "../scenario/cluster-input.ts";
import type { PolicyModule } from "./module.ts";
import type { ClusterView, Policy } from "./policy.ts";

const params = z.strictObject({
  /** Seconds between destroying instances and the new ones accepting work (NVIDIA documents no figure). */
  reconfiguration_s: z.number().nonnegative().max(86_400).default(10),
  /** Drain a busy GPU when no idle slices can be found (otherwise the job waits). */
  drain: z.boolean().default(true),
});
type Params = z.infer<typeof params>;

/** The smallest profile (memory, then compute) whose usable memory holds `bytes`, media extensions aside. */
function smallestProfile(gpu: ClusterGpu, bytes: number): MigProfile | undefined {
  return migProfiles(specOf(gpu))
    .filter((p) => !p.mediaExtensions && p.usableMemoryBytes >= bytes)
    .sort((a, b) => a.memorySlices - b.memorySlices || a.computeSlices - b.computeSlices || a.id - b.id)[0];
}

function instanceOf(gpu: ClusterGpu, profileId: number, start: number): MigInstance {
  const p = migProfile(specOf(gpu), profileId);
  return {
    profile: p.name,
    profileId: p.id,
    start,
    computeSlices: p.computeSlices,
    memorySlices: p.memorySlices,
    sms: p.sms,
    memoryBytes: p.usableMemoryBytes,
  };
}

function createMigDynamic(p: Params): Policy {
  /** Job -> GPU re-partitioned for it, so one waiting job starts one re-partition at a time. */
  const pending = new Map<number, number>();

  /** Idle open instances that hold `bytes`, smallest first (best fit). */
  const idleInstances = (cluster: ClusterView, bytes: number): number[] =>
    cluster.gpuDevices
      .flat()
      .filter((dev) => {
        const d = cluster.devices[dev];
        return d.open && d.jobs.length === 0 && d.memoryBytes >= bytes;
      })
      .sort((a, b) => cluster.devices[a].memoryBytes - cluster.devices[b].memoryBytes || a - b);

  /** Try to make room for `profile` on GPU `g`, keeping the instances `fixed` says must stay. */
  const tryRepartition = (
    cluster: ClusterView,
    g: number,
    profile: MigProfile,
    busyOnly: boolean,
  ): boolean => {
    const gpu = cluster.input.gpus[g];
    const devices = cluster.gpuDevices[g].map((dev) => cluster.devices[dev]);
    const staying = devices.filter((d) => !busyOnly || d.jobs.length > 0);
    const to: GeometryRequest[] = staying.map((d) => ({
      profile: d.instance!.profileId,
      start: d.instance!.start,
    }));
    to.push({ profile: profile.id });
    const from = devices.map((d) => ({ profileId: d.instance!.profileId, start: d.instance!.start }));
    const plan = planReconfiguration(specOf(gpu), from, to);
    if (!plan.valid) return false;
    const keep = devices
      .filter((d) =>
        plan.keep.some((k) => k.profileId === d.instance!.profileId && k.start === d.instance!.start),
      )
      .map((d) => d.index);
    const create = plan.create.map((c) => instanceOf(gpu, c.profileId, c.start));
    cluster.repartition(g, keep, create, p.reconfiguration_s);
    return true;
  };

  return {
    place(job, cluster) {
      const bytes = cluster.footprint(job);
      const gpus = cluster.jobs.gpus[job];
      const idle = idleInstances(cluster, bytes);
      if (idle.length >= gpus) {
        pending.delete(job);
        return { devices: idle.slice(0, gpus) };
      }
      const waitingOn = pending.get(job);
      if (waitingOn !== undefined && cluster.repartitioning(waitingOn)) return null;
      const candidates = cluster.input.gpus
        .map((_, g) => g)
        .filter((g) => {
          const sharing = cluster.input.gpus[g].sharing;
          return sharing.mode === "mig" && !sharing.fixed && !cluster.repartitioning(g);
        });
      for (const busyOnly of [false, true]) {
        for (const g of candidates) {
          const profile = smallestProfile(cluster.input.gpus[g], bytes);
          if (profile !== undefined && tryRepartition(cluster, g, profile, busyOnly)) {
            pending.set(job, g);
            return null;
          }
        }
      }
      if (p.drain && candidates.length > 0) {
        const running = (g: number) =>
          cluster.gpuDevices[g].reduce((n, dev) => n + cluster.devices[dev].jobs.length, 0);
        const g = candidates.reduce((a, b) => (running(b) < running(a) ? b : a));
        const gpu = cluster.input.gpus[g];
        const profile = smallestProfile(gpu, bytes);
        if (profile !== undefined) {
          cluster.repartition(g, [], [instanceOf(gpu, profile.id, 0)], p.reconfiguration_s);
          pending.set(job, g);
        }
      }
      return null;
    },
  };
}

export const migDynamic: PolicyModule<Params> = {
  name: "mig-dynamic",
  modes: ["mig"],
  partitions: true,
  params,
  create: (p) => createMigDynamic(p),
};
