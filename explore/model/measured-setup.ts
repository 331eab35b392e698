/**
 * A setup the shipped dataset measured, keyed so that the page can find the one it shows: the sharing mode and
 * the multiset of (workload, SM cap) of its processes. Built from measured runs by explore/build/measured-setups.ts.
 */
import type { SharingMode } from "../../sim/hardware/index.ts";

/** Modes of measured runs that a page setup can equal (MIG was off on the H200 that recorded the dataset). */
export type MeasuredMode = Exclude<SharingMode, "green" | "mig">;

export interface SetupProcess {
  workload: string;
  /** SMs it was capped to (MPS active-thread limit), null = the whole GPU. */
  smLimit: number | null;
}

export interface MeasuredProcess extends SetupProcess {
  /** Mean images per second over the runs in which it trained; null when it never did. */
  imagesPerS: number | null;
  trainedRuns: number;
  /** Runs in which it ran out of memory. */
  oomRuns: number;
}

export interface MeasuredSetup {
  key: string;
  mode: MeasuredMode;
  runs: string[];
  /** Processes in `setupOrder`, positions matching the page's jobs in the same order. */
  processes: MeasuredProcess[];
  /** Means over the runs (null when no run had the figure). */
  utilization: number | null;
  smActivity: number | null;
  powerW: number | null;
  /** Peak device memory used, less the set's idle baseline: the processes' memory. */
  memoryBytes: number | null;
}

const label = (p: SetupProcess) => (p.smLimit === null ? p.workload : `${p.workload}@${p.smLimit}`);

/** The key of a setup: mode and sorted processes ("mps-partitioned:resnet26-c10-b128@60"). */
export function setupKey(mode: MeasuredMode, processes: readonly SetupProcess[]): string {
  return `${mode}:${processes.map(label).sort().join("+")}`;
}

/** Process indices sorted as a setup lists them: by workload and cap, ties by `rank` (then index). */
export function setupOrder(
  processes: readonly SetupProcess[],
  rank: (i: number) => number = () => 0,
): number[] {
  return processes
    .map((_, i) => i)
    .sort((a, b) => {
      const [la, lb] = [label(processes[a]), label(processes[b])];
      return la < lb ? -1 : la > lb ? 1 : rank(a) - rank(b) || a - b;
    });
}
