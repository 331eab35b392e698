/**
 * The profiles a run's jobs step by: each workload's training profile and, for a workload measured to start up,
 * its start-up phase's (sim/sharing/startup.ts). Devices and the sharing memo name a phase by one integer.
 */
import type { WorkloadProfile } from "../sharing/types.ts";

export class Phases {
  /** Every phase's profile by phase number: the workloads' training profiles, then their start-ups'. */
  readonly profiles: readonly WorkloadProfile[];
  private readonly workloads: number;

  /** `startups[w]`: workload w's start-up profile, undefined when it has none (its jobs train from their start). */
  constructor(training: readonly WorkloadProfile[], startups: readonly (WorkloadProfile | undefined)[]) {
    this.workloads = training.length;
    this.profiles = [...training, ...startups.map((p, w) => p ?? training[w])];
  }

  /** The phase number of workload `w` training, or starting up. */
  of(w: number, startingUp: boolean): number {
    return startingUp ? w + this.workloads : w;
  }
}
