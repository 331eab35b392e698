/**
 * A job's start-up as the sharing models see it: a phase of its own before training. Alone it takes startupS
 * seconds, keeping the GPU busy only startupBusyFraction of them (model build, CUDA context, cuDNN autotuning:
 * host work and short synchronized trials), so it takes little GPU time from co-runners; its SM activity and
 * power above idle scale down from the training profile by that busy fraction. Its kernels are short trials that do not
 * speed up with more SMs (a flat SM curve). All but its model build (startupBuildS) is synchronized trials.
 */
import type { WorkloadProfile } from "./types.ts";

/** The start-up phase of `p` on a GPU idling at `idlePowerW`, or undefined when `p` has no measured start-up. */
export function startupProfile(p: WorkloadProfile, idlePowerW: number): WorkloadProfile | undefined {
  const seconds = p.startupS;
  if (seconds === undefined || seconds <= 0) return undefined;
  const busy = Math.min(1, p.startupBusyFraction ?? p.busyFraction);
  const scale = p.busyFraction > 0 ? busy / p.busyFraction : 0;
  const reference = p.smCurve.referenceSms;
  return {
    ...p,
    id: `${p.id}:startup`,
    stepTimeS: seconds,
    stepTimeCv: 0,
    busyFraction: busy,
    smScaling: { sms: [reference], stepTimeS: [seconds] },
    smCurve: { referenceSms: reference, serialS: seconds, parallelS: 0, alpha: 1 },
    kernels: undefined,
    smActivity: p.smActivity * scale,
    powerW: idlePowerW + Math.max(0, p.powerW - idlePowerW) * scale,
    startupS: undefined,
    startupBusyFraction: undefined,
    startupBuildS: undefined,
    syncBoundS: Math.max(0, seconds - (p.startupBuildS ?? 0)),
  };
}
