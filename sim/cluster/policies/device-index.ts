/**
 * Free-capacity indexes over a fixed set of devices, kept current by the policy's `onDeviceChange`: `shared`
 * holds each device that can take one more co-runner (its free memory), `empty` each idle device (its
 * memory). Slots follow `order`, so "first slot with enough free memory" is first-fit in that order (GPU
 * order packs; ascending size is best-fit).
 */
import type { Device } from "../device.ts";
import { FreeIndex } from "../free-index.ts";
import type { ClusterView } from "./policy.ts";

export class DeviceIndex {
  private readonly shared: FreeIndex;
  private readonly empty: FreeIndex;
  private readonly slotOf: Int32Array;
  private readonly deviceAt: Int32Array;

  constructor(
    cluster: ClusterView,
    /** Most jobs on a device. */
    private readonly cap: (d: Device) => number,
    /** Devices in slot order (devices left out are never offered). */
    order: readonly number[],
  ) {
    this.shared = new FreeIndex(order.length);
    this.empty = new FreeIndex(order.length);
    this.slotOf = new Int32Array(cluster.devices.length).fill(-1);
    this.deviceAt = Int32Array.from(order);
    order.forEach((dev, slot) => (this.slotOf[dev] = slot));
    for (const dev of order) this.update(cluster.devices[dev]);
  }

  update(d: Device): void {
    const slot = d.index < this.slotOf.length ? this.slotOf[d.index] : -1;
    if (slot < 0) return;
    const usable = d.open && !d.holdsAlone;
    this.shared.set(
      slot,
      usable && d.jobs.length < Math.min(this.cap(d), d.clientLimit)
        ? Math.max(0, d.memoryBytes - d.memoryUsed)
        : -1,
    );
    this.empty.set(slot, usable && d.jobs.length === 0 ? d.memoryBytes : -1);
  }

  /**
   * `count` distinct devices for a job needing `memory` bytes on each (0 = no memory check), or null.
   * `alone` jobs only go to idle devices.
   */
  find(memory: number, count: number, alone: boolean): number[] | null {
    const index = alone ? this.empty : this.shared;
    if (count === 1) {
      const slot = index.firstAtLeast(memory);
      return slot < 0 ? null : [this.deviceAt[slot]];
    }
    // Several devices: take them one by one, hiding each from the index, then restore the index.
    const slots: number[] = [];
    const saved: number[] = [];
    while (slots.length < count) {
      const slot = index.firstAtLeast(memory);
      if (slot < 0) break;
      slots.push(slot);
      saved.push(index.get(slot));
      index.set(slot, -1);
    }
    slots.forEach((slot, i) => index.set(slot, saved[i]));
    return slots.length === count ? slots.map((s) => this.deviceAt[s]) : null;
  }
}
