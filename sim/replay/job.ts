/** A job to replay, from its recorded step and its profile: what the replay needs of each co-runner. */
import { dramWhileBusy, type WorkloadProfile } from "../sharing/index.ts";
import { gpuTime, hostTime } from "../sharing/sm-scaling.ts";
import type { ReplayJob } from "./replay.ts";
import { aloneStepS, onCap, type JobTrace } from "./trace.ts";

/** Halvings of the search for a capped job's kernel time: 2^-30 of the range, far below a step's noise. */
const HALVINGS = 30;

/**
 * On a cap below the GPU's `sms` SMs, the job's kernels are stretched so that, replayed alone there, it steps at
 * its SM curve's step time (what its solo capped runs measured), and its kernels, longer, load DRAM less per second
 * by as much.
 */
export function replayJob(
  trace: JobTrace,
  profile: WorkloadProfile,
  smLimit: number | undefined,
  sms: number,
): ReplayJob {
  const dramUtil = dramWhileBusy(profile);
  const kernelS = trace.kernels.reduce((s, k) => s + k.durS, 0);
  if (smLimit === undefined || smLimit >= sms || kernelS === 0) return { trace, smLimit, dramUtil };
  const stepS = hostTime(profile) + gpuTime(profile, smLimit);
  // Alone on its cap every kernel runs at its own (stretched) speed: the step's length grows with the kernels'.
  const alone = (gpuS: number) => aloneStepS(onCap(trace, smLimit, gpuS));
  let lo = kernelS;
  let hi = Math.max(kernelS, stepS);
  for (let k = 0; k < HALVINGS; k++) {
    const mid = (lo + hi) / 2;
    if (alone(mid) < stepS) lo = mid;
    else hi = mid;
  }
  const gpuS = (lo + hi) / 2;
  return { trace: onCap(trace, smLimit, gpuS), smLimit, dramUtil: (dramUtil * kernelS) / gpuS };
}
