/**
 * The study's findings (../shared/reference/paper.md, "What it found"), each checked against the simulated
 * results: a number computed from the runs and whether it agrees with the claim. Thresholds are stated in
 * `check` so a reader can disagree with them.
 */
import type { ProcessResult, StudyGpuResult, StudyRun } from "./outcome.ts";
import { cellOf, type ModeCell } from "./table.ts";

export interface Finding {
  /** The study's claim, in its words. */
  claim: string;
  /** What was computed and the bar it has to clear. */
  check: string;
  /** null: no simulated run bears on it (e.g. the calibration set lacks the workloads). */
  holds: boolean | null;
  evidence: string;
}

const SMALL = ["resnet26-c10-b128", "resnet26-c10-b32"];
const MEDIUM_LARGE = ["resnet50-i64-b128", "resnet50-i64-b32", "resnet152-in-b128", "resnet152-in-b32"];
const fmt = (x: number, digits = 2) => x.toFixed(digits);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function ran(run: StudyRun): ProcessResult[] | undefined {
  return run.outcome.kind === "ran" ? run.outcome.processes : undefined;
}

/** Runs of one workload alone or with copies of itself (experiments 33-36). */
function runsOf(runs: StudyRun[], workload: string): StudyRun[] {
  return runs.filter(
    (r) => r.experiment.experiment !== 37 && r.experiment.processes[0].workload === workload,
  );
}

/** Throughput of the workload alone on the whole GPU: the study's 1-instance naive run. */
function solo(runs: StudyRun[], workload: string): ProcessResult | undefined {
  const run = runsOf(runs, workload).find(
    (r) => r.experiment.mode === "naive" && r.experiment.processes.length === 1,
  );
  const p = run && ran(run)?.[0];
  return p && !p.oom ? p : undefined;
}

interface Gain {
  workload: string;
  ratio: number;
  where: string;
}

/** Best aggregate throughput over running alone, among the runs `keep` selects. */
function bestGain(runs: StudyRun[], workloads: string[], keep: (r: StudyRun) => boolean): Gain | undefined {
  let best: Gain | undefined;
  for (const workload of workloads) {
    const alone = solo(runs, workload);
    if (!alone) continue;
    for (const run of runsOf(runs, workload).filter(keep)) {
      const cell = cellOf(run);
      if (cell.imagesPerS === null) continue;
      const ratio = cell.imagesPerS / alone.imagesPerS!;
      const where = `${workload}, ${run.experiment.mode}${cell.profile ? ` ${cell.profile}` : ""} x${cell.processes}`;
      if (!best || ratio > best.ratio) best = { workload, ratio, where };
    }
  }
  return best;
}

const collocated = (r: StudyRun) => r.experiment.processes.length > 1;

function throughputGain(runs: StudyRun[]): Finding {
  const claim =
    "Collocating several training runs can raise total training throughput up to about 3-4x for small models, although each run's epoch time grows.";
  const check =
    "resnet26 (experiments 33-34): best aggregate throughput over running alone within 2.5-5x, and every collocated run's epoch time longer than alone";
  const best = bestGain(runs, SMALL, collocated);
  if (!best) return { claim, check, holds: null, evidence: "no simulated resnet26 runs" };
  let longer = 0;
  let total = 0;
  for (const workload of SMALL) {
    const alone = solo(runs, workload);
    if (!alone) continue;
    for (const run of runsOf(runs, workload).filter(collocated))
      for (const p of ran(run) ?? [])
        if (!p.oom) {
          total++;
          if (p.epochS! > alone.epochS!) longer++;
        }
  }
  const holds = best.ratio >= 2.5 && best.ratio <= 5 && longer === total;
  return {
    claim,
    check,
    holds,
    evidence: `up to ${fmt(best.ratio)}x (${best.where}); epoch time longer than alone for ${longer} of ${total} collocated processes`,
  };
}

function memoryMustFit(runs: StudyRun[], gpuMemoryBytes: number): Finding {
  const claim =
    "The aggregate memory footprint of the collocated runs must fit the GPU (else out of memory).";
  const check =
    "naive and MPS runs: some process runs out of memory exactly when the summed solo footprints exceed the GPU's memory";
  let overOom = 0;
  let over = 0;
  let fitOom = 0;
  let fit = 0;
  for (const run of runs.filter((r) => r.experiment.mode !== "mig")) {
    const ps = ran(run);
    if (!ps) continue;
    const footprint = ps.reduce((s, p) => s + p.memoryBytes, 0);
    const oom = ps.some((p) => p.oom);
    if (footprint > gpuMemoryBytes) {
      over++;
      if (oom) overOom++;
    } else {
      fit++;
      if (oom) fitOom++;
    }
  }
  if (over + fit === 0) return { claim, check, holds: null, evidence: "no simulated naive or MPS runs" };
  return {
    claim,
    check,
    holds: overOom === over && fitOom === 0,
    evidence: `out of memory in ${overOom} of ${over} runs whose footprint exceeds the GPU, in ${fitOom} of ${fit} that fit`,
  };
}

function migIsolated(runs: StudyRun[]): Finding {
  const claim = "MIG is interference-free.";
  const check =
    "every MIG process's throughput within 2% of the same workload alone in an instance of the same profile";
  let worst = 0;
  let count = 0;
  for (const run of runs.filter((r) => r.experiment.mode === "mig"))
    for (const p of ran(run) ?? [])
      if (!p.oom && p.aloneInInstance) {
        count++;
        worst = Math.max(worst, Math.abs(p.imagesPerS! / p.aloneInInstance - 1));
      }
  if (count === 0) return { claim, check, holds: null, evidence: "no MIG process finished" };
  return {
    claim,
    check,
    holds: worst <= 0.02,
    evidence: `largest deviation ${pct(worst)} over ${count} processes`,
  };
}

function migPaysOffWhenSizesMatch(runs: StudyRun[]): Finding {
  const claim = "MIG pays off when model sizes match MIG profiles.";
  const check =
    "resnet26, several small instances (experiments 33-34): best MIG aggregate throughput at least 1.25x running alone";
  const best = bestGain(runs, SMALL, (r) => r.experiment.mode === "mig" && collocated(r));
  if (!best) return { claim, check, holds: null, evidence: "no simulated resnet26 MIG runs" };
  return { claim, check, holds: best.ratio >= 1.25, evidence: `${fmt(best.ratio)}x (${best.where})` };
}

function migLittleForLarger(runs: StudyRun[]): Finding {
  const claim = "Medium and large models gain little from MIG.";
  const check =
    "resnet50 and resnet152 (experiments 33-34): best MIG aggregate throughput at most 1.25x running alone";
  const gains = MEDIUM_LARGE.map((w) => bestGain(runs, [w], (r) => r.experiment.mode === "mig")).filter(
    (g): g is Gain => g !== undefined,
  );
  if (gains.length === 0)
    return { claim, check, holds: null, evidence: "no simulated resnet50/resnet152 MIG runs" };
  return {
    claim,
    check,
    holds: gains.every((g) => g.ratio <= 1.25),
    evidence: gains.map((g) => `${g.workload} ${fmt(g.ratio)}x`).join(", "),
  };
}

function migRigidOnMixes(runs: StudyRun[]): Finding {
  const claim = "MIG's rigid partitioning wastes capacity on mixed workloads.";
  const check =
    "experiment 37: MIG's aggregate throughput (0 when no process fits its instance) below MPS's in at least half the mixes MIG can build";
  const mixes = new Map<number, { mps?: number | null; mig?: ModeCell }>();
  for (const run of runs.filter((r) => r.experiment.experiment === 37)) {
    const mix = Math.floor(run.experiment.workload / 10);
    const entry = mixes.get(mix) ?? {};
    if (run.experiment.mode === "mps") entry.mps = cellOf(run).imagesPerS;
    if (run.experiment.mode === "mig") entry.mig = cellOf(run);
    mixes.set(mix, entry);
  }
  const infeasible = [...mixes].filter(([, m]) => m.mig?.mark === "infeasible").map(([mix]) => `${mix}2`);
  const compared = [...mixes.values()].filter(
    (m) => m.mps && m.mig && m.mig.mark !== "infeasible" && m.mig.mark !== "n/a",
  );
  if (compared.length === 0)
    return { claim, check, holds: null, evidence: "no simulated mixes under both MIG and MPS" };
  const below = compared.filter((m) => (m.mig!.imagesPerS ?? 0) < m.mps!).length;
  const oom = compared.filter((m) => m.mig!.mark === "OOM").length;
  return {
    claim,
    check,
    holds: below * 2 >= compared.length,
    evidence:
      `MIG below MPS in ${below} of ${compared.length} mixes` +
      (oom > 0 ? ` (in ${oom} no process fits its MIG instance)` : "") +
      (infeasible.length > 0 ? `; MIG cannot build ${infeasible.join(", ")}` : ""),
  };
}

function mpsBest(runs: StudyRun[]): Finding {
  const claim = "MPS is the best-performing and most flexible collocation method for a single user.";
  const check =
    "every collocated workload and instance count (and every mix): MPS's aggregate throughput the highest of naive, MPS and MIG in at least 75% of them";
  const groups = new Map<string, { mps?: number | null; others: number[] }>();
  for (const run of runs.filter(collocated)) {
    const e = run.experiment;
    const key =
      e.experiment === 37
        ? `37|${Math.floor(e.workload / 10)}`
        : `${e.experiment}|${e.processes[0].workload}|${e.processes.length}`;
    const g = groups.get(key) ?? { others: [] };
    const thr = cellOf(run).imagesPerS;
    if (e.mode === "mps") g.mps = thr;
    else if (thr !== null) g.others.push(thr);
    groups.set(key, g);
  }
  const compared = [...groups.values()].filter((g) => g.mps && g.others.length > 0);
  if (compared.length === 0)
    return { claim, check, holds: null, evidence: "no group ran under MPS and another mode" };
  const best = compared.filter((g) => g.mps! >= Math.max(...g.others)).length;
  return {
    claim,
    check,
    holds: best >= 0.75 * compared.length,
    evidence: `MPS highest in ${best} of ${compared.length} groups`,
  };
}

export function studyFindings(result: StudyGpuResult): Finding[] {
  const { runs } = result;
  return [
    throughputGain(runs),
    memoryMustFit(runs, result.gpuMemoryBytes),
    migIsolated(runs),
    migPaysOffWhenSizesMatch(runs),
    migLittleForLarger(runs),
    migRigidOnMixes(runs),
    mpsBest(runs),
  ];
}
