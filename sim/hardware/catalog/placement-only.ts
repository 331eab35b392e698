/**
 * GPU models known by name only: the Alibaba openb trace's G1, G2 and G3, "undisclosed internal GPU codes" (the
 * trace's data README, hkust-adsl/kubernetes-scheduler-simulator data/README.md). Nodes with them take pods in a
 * placement study; nothing is simulated on them.
 */
import type { PlacementOnlyGpu } from "../types.ts";

const undisclosed = (name: string): PlacementOnlyGpu => ({
  name,
  aliases: [],
  placementOnly: "an undisclosed model: its SMs, memory, bandwidth and power are not published",
  source: "Alibaba cluster-trace-gpu-v2023 (openb), data README of the FGD simulator",
});

export const PLACEMENT_ONLY: readonly PlacementOnlyGpu[] = [
  undisclosed("G1"),
  undisclosed("G2"),
  undisclosed("G3"),
];
