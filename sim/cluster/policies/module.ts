/** What each policy module provides: its name, the GPU sharing modes it works on, its parameters, a factory. */
import type { z } from "zod";
import type { ClusterInput, GpuSharingMode, PolicyName } from "../scenario/cluster-input.ts";
import type { Policy } from "./policy.ts";

export interface PolicyModule<P = unknown> {
  name: PolicyName;
  /** Sharing modes the scenario's GPUs must be set up in. */
  modes: readonly GpuSharingMode[];
  /** Whether it partitions MIG GPUs itself: under any other policy a MIG GPU without a layout never runs a job. */
  partitions?: true;
  /** `scheduler.params`, with defaults. */
  params: z.ZodType<P>;
  create(params: P, input: ClusterInput): Policy;
}
