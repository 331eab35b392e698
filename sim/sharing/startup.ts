/**
 * A job's start-up as the sharing models see it: a phase of its own before training, from its process's launch.
 * Alone it takes startupS seconds, keeping the GPU busy only startupBusyFraction of them (interpreter and imports
 * where calibration measured fresh processes, CUDA context, model build, cuDNN autotuning: host work and short
 * synchronized trials), so it takes little GPU time from co-runners; its SM activity is
 * measured (startupSmActivity; else the training one scaled down by that busy fraction), its power above idle
 * scales down by the busy fraction.
 * Its GPU part is the workload's own kernels and algorithm trials, so on fewer SMs (an MPS cap, a MIG slice) it
 * stretches as the workload's training kernels do: the phase's SM curve is the training curve scaled to the
 * phase's GPU seconds. Its host waits on every copy and trial, so under sharing it also waits for co-runners
 * (naive.ts: build and trials; mps.ts: trials, the part after its model build, startupBuildS).
 */
import type { WorkloadProfile } from "./types.ts";

/** The start-up phase of `p` on a GPU idling at `idlePowerW`, or undefined when `p` has no measured start-up. */
export function startupProfile(p: WorkloadProfile, idlePowerW: number): WorkloadProfile | undefined {
  const seconds = p.startupS;
  if (seconds === undefined || seconds <= 0) return undefined;
  const busy = Math.min(1, p.startupBusyFraction ?? p.busyFraction);
  const scale = p.busyFraction > 0 ? busy / p.busyFraction : 0;
  // The training curve's SM-scaling part, in proportion to the phase's GPU seconds against a step's.
  const gpuShare = p.busyFraction > 0 ? (busy * seconds) / (p.busyFraction * p.stepTimeS) : 0;
  const parallelS = Math.min(seconds, p.smCurve.parallelS * gpuShare);
  const buildS = Math.min(seconds, p.startupBuildS ?? 0);
  return {
    ...p,
    id: `${p.id}:startup`,
    stepTimeS: seconds,
    stepTimeCv: 0,
    busyFraction: busy,
    smScaling: { sms: [p.smCurve.referenceSms], stepTimeS: [seconds] },
    smCurve: { ...p.smCurve, serialS: seconds - parallelS, parallelS },
    // Its trials are its workload's kernels, at training's rate: they take turns at the SMs as training's do (mps.ts
    // weights), but neither wait nor make co-runners wait per kernel (mps.ts; the phase has waits of its own).
    kernels: p.kernels && {
      ...p.kernels,
      perStep: (p.kernels.perStep * seconds) / p.stepTimeS,
      exposedPerStep: 0,
    },
    smActivity: Math.min(busy, p.startupSmActivity ?? p.smActivity * scale),
    powerW: idlePowerW + Math.max(0, p.powerW - idlePowerW) * scale,
    startupS: undefined,
    startupBusyFraction: undefined,
    startupSmActivity: undefined,
    startupBuildS: undefined,
    startupWaitS: undefined,
    startupPhase: { buildS, ...(p.startupWaitS === undefined ? {} : { waitS: p.startupWaitS }) },
  };
}

/**
 * What each co-runner's start-up waits for: the other runners' demands summed, D_i = sum over j != i of
 * g_j / t_j (the fraction of the time j has kernels to run alone), from their GPU and step seconds alone.
 */
export function coRunnerDemands(gpuS: readonly number[], aloneS: readonly number[]): number[] {
  const demands = gpuS.map((g, i) => g / aloneS[i]);
  const total = demands.reduce((a, b) => a + b, 0);
  return demands.map((d) => total - d);
}
