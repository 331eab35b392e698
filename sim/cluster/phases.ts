/**
 * The profiles a run's jobs step by: each workload's training profile, its start-up phase's for a workload measured
 * to start up (sim/sharing/startup.ts), and its training profile after a start beside co-runners starting too under
 * MPS (sim/sharing/started-together.ts). Devices and the sharing memo name a phase by one integer.
 */
import { startedTogetherProfile } from "../sharing/started-together.ts";
import type { WorkloadProfile } from "../sharing/types.ts";

export class Phases {
  /** Every phase's profile by phase number: the workloads' training profiles, their start-ups', started together. */
  readonly profiles: readonly WorkloadProfile[];
  private readonly workloads: number;
  /** Whether workload w has a started-together profile of its own (a probe); else it trains by its solo one. */
  private readonly probed: readonly boolean[];

  /** `startups[w]`: workload w's start-up profile, undefined when it has none (its jobs train from their start). */
  constructor(training: readonly WorkloadProfile[], startups: readonly (WorkloadProfile | undefined)[]) {
    this.workloads = training.length;
    const together = training.map(startedTogetherProfile);
    this.probed = together.map((p, w) => p !== training[w]);
    this.profiles = [...training, ...startups.map((p, w) => p ?? training[w]), ...together];
  }

  /** The phase number of workload `w` starting up, or training (after a start beside co-runners starting too). */
  of(w: number, startingUp: boolean, startedTogether = false): number {
    if (startingUp) return w + this.workloads;
    // An unprobed workload's started-together phase is its training one (one phase: the sharing memo shares it).
    return startedTogether && this.probed[w] ? w + 2 * this.workloads : w;
  }
}
