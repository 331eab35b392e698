/**
 * MIG placement tables: which GI profiles exist, their sizes, start positions and compute-instance layouts.
 * One table per memory-slice class; the GPU files only add names, SMs and memory.
 * Source: ../shared/reference/nvidia-sharing.md §2-3 (NVIDIA MIG user guide "supported MIG profiles",
 * `nvidia-smi mig -lgipp` placements, `-lcip` compute-instance profiles).
 */
import type { ComputeInstanceProfile, MigGeometry, MigProfile } from "../types.ts";

const ci = (computeSlices: number, ...starts: number[]): ComputeInstanceProfile => ({
  computeSlices,
  starts,
});

// CI layouts per GI compute size, A100 `-lcip` (nvidia-sharing.md §3). Assumed the same on Hopper and A30.
const CI_1G = [ci(1, 0)];
const CI_2G = [ci(1, 0, 1), ci(2, 0)];
const CI_3G = [ci(1, 0, 1, 2), ci(2, 0), ci(3, 0)];
const CI_4G = [ci(1, 0, 1, 2, 3), ci(2, 0, 2), ci(4, 0)];
const CI_7G = [ci(1, 0, 1, 2, 3, 4, 5, 6), ci(2, 0, 2, 4), ci(3, 0, 4), ci(7, 0)];

const gi = (
  id: number,
  memorySlices: number,
  computeSlices: number,
  starts: number[],
  maxCount: number,
  computeInstances: ComputeInstanceProfile[],
  mediaExtensions = false,
): MigGeometry => ({ id, memorySlices, computeSlices, starts, maxCount, mediaExtensions, computeInstances });

/** A100-40GB/80GB, H100-80GB/94GB and (inferred, same ids) H200: 8 memory slices, 7 compute slices. */
export const EIGHT_SLICE: readonly MigGeometry[] = [
  gi(19, 1, 1, [0, 1, 2, 3, 4, 5, 6], 7, CI_1G),
  gi(20, 1, 1, [0, 1, 2, 3, 4, 5, 6], 1, CI_1G, true),
  gi(15, 2, 1, [0, 2, 4, 6], 4, CI_1G),
  gi(14, 2, 2, [0, 2, 4], 3, CI_2G),
  gi(9, 4, 3, [0, 4], 2, CI_3G),
  gi(5, 4, 4, [0], 1, CI_4G),
  gi(0, 8, 7, [0], 1, CI_7G),
];

/** A30-24GB: 4 memory slices, 4 compute slices (`-lgipp` on an A30, nvidia-sharing.md §2). */
export const FOUR_SLICE: readonly MigGeometry[] = [
  gi(14, 1, 1, [0, 1, 2, 3], 4, CI_1G),
  gi(21, 1, 1, [0, 1, 2, 3], 1, CI_1G, true),
  gi(5, 2, 2, [0, 2], 2, CI_2G),
  gi(6, 2, 2, [0, 2], 1, CI_2G, true),
  gi(0, 4, 4, [0], 1, CI_4G),
];

/** What a GPU adds to a geometry row. */
export interface ProfileFacts {
  id: number;
  name: string;
  sms: number;
  usableMemoryBytes: number;
  source: string;
}

/** Join a GPU's per-profile facts to the geometry of its class; every geometry row must get facts. */
export function migProfilesOf(
  geometry: readonly MigGeometry[],
  facts: readonly ProfileFacts[],
): MigProfile[] {
  return geometry.map((g) => {
    const f = facts.find((x) => x.id === g.id);
    if (!f) throw new Error(`catalog: no facts for MIG profile id ${g.id}`);
    return { ...g, ...f };
  });
}
