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

  /** `startups[w]`: workload w's start-up profile, undefined when it has none (its jobs train from their start). */
  constructor(training: readonly WorkloadProfile[], startups: readonly (WorkloadProfile | undefined)[]) {
    this.workloads = training.length;
    this.profiles = [
      ...training,
      ...startups.map((p, w) => p ?? training[w]),
      ...training.map(startedTogetherProfile),
    ];
  }

  /** The phase number of workload `w` starting up, or training (after a start beside co-runners starting too). */
  of(w: number, startingUp: boolean, startedTogether = false): number {
    if (startingUp) return w + this.workloads;
    return startedTogether ? w + 2 * this.workloads : w;
  }
}
