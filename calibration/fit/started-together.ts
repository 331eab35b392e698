/**
 * The kernels each probed workload runs after it autotuned beside co-runners that autotuned too
 * (`WorkloadProfile.startedTogether`, sim/sharing/started-together.ts). A probe is a run measured in turns
 * (`python -m profiler run --mode mps --copies 2 --measure turns --trace-iters 1`): copies of one workload start
 * together, then each trains (and is traced) alone in turn. Each copy kept its own algorithms, so the figures are
 * the mean over the copies of what each one's trace says (kernel-stats.ts).
 */
import { group } from "d3-array";
import type { KernelFigures } from "../../sim/sharing/types.ts";
import type { Dataset } from "../dataset.ts";
import { kernelStats, type KernelStats } from "./kernel-stats.ts";
import { mean } from "./stats.ts";
import { notWhole } from "../measured.ts";

function meanStats(all: KernelStats[]): KernelFigures {
  const of = (key: Exclude<keyof KernelStats, "demand">) => mean(all.map((s) => s[key]));
  return {
    perStep: of("perStep"),
    exposedPerStep: of("exposedPerStep"),
    meanUs: of("meanUs"),
    turnUs: of("turnUs"),
    largeShare: of("largeShare"),
    // The copies' kernel time pooled: each copy's groups, each share over the copies.
    demand: all.flatMap((s) => s.demand.map((d) => ({ sms: d.sms, share: d.share / all.length }))),
  };
}

/**
 * The started-together probes of each probed workload: run id and processes (copies of one workload, uncapped,
 * autotuning on, started together, measured in turns), by workload.
 */
export function probesByWorkload(ds: Dataset): Map<string, { runId: string; procs: number[] }[]> {
  const procsByRun = group(ds.procs, (p) => p.run_id);
  const out = new Map<string, { runId: string; procs: number[] }[]>();
  for (const probe of ds.runs) {
    const usable = notWhole(probe) === null;
    if (probe.measure !== "turns" || !probe.cudnn_benchmark || probe.start !== "together" || !usable)
      continue;
    const procs = procsByRun.get(probe.run_id) ?? [];
    const workload = procs[0]?.workload;
    if (workload === undefined || procs.some((p) => p.workload !== workload || p.sm_limit !== null)) continue;
    out.set(workload, [
      ...(out.get(workload) ?? []),
      { runId: probe.run_id, procs: procs.map((p) => p.proc) },
    ]);
  }
  return out;
}

export function startedTogetherKernels(ds: Dataset, gpuSms: number): Map<string, KernelFigures> {
  const kernelsByProc = group(
    ds.kernels,
    (k) => k.run_id,
    (k) => k.proc,
  );
  const traced = new Map<string, KernelStats[]>();
  for (const [workload, probes] of probesByWorkload(ds))
    for (const { runId, procs } of probes)
      for (const proc of procs) {
        const stats = kernelStats(kernelsByProc.get(runId)?.get(proc) ?? [], gpuSms);
        if (stats !== undefined) traced.set(workload, [...(traced.get(workload) ?? []), stats]);
      }
  return new Map([...traced].map(([w, all]) => [w, meanStats(all)]));
}
