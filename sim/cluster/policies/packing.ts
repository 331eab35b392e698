/**
 * First-fit placement over a device order with a cap on co-runners and an optional memory check: the shared
 * core of FIFO-exclusive (cap 1), MPS and time-slicing packing (GPU order), and MIG best-fit (size order).
 */
import type { Device } from "../device.ts";
import { DeviceIndex } from "./device-index.ts";
import type { ClusterView, Policy } from "./policy.ts";

export interface PackingOptions {
  /** Most jobs on a device. */
  cap: (d: Device) => number;
  /** Only place a job where its solo footprint fits in the memory its co-runners leave. */
  memoryCheck: boolean;
  /** Devices in the order they are tried (default: device order, i.e. GPU order). */
  order?: (cluster: ClusterView) => number[];
}

export function packing(options: PackingOptions): Policy {
  let index: DeviceIndex;
  return {
    init(cluster) {
      const order = options.order?.(cluster) ?? cluster.devices.map((d) => d.index);
      index = new DeviceIndex(cluster, options.cap, order);
    },
    place(job, cluster) {
      const need = options.memoryCheck ? cluster.footprint(job) : 0;
      const devices = index.find(need, cluster.jobs.gpus[job], cluster.jobs.alone[job] === 1);
      return devices === null ? null : { devices };
    },
    onDeviceChange(device, cluster) {
      index.update(cluster.devices[device]);
    },
  };
}
