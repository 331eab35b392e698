/**
 * GPU fragmentation as the FGD paper defines it ("Beware of Fragmentation", USENIX ATC 2023, §4; its simulator's
 * pkg/utils/frag.go): the idle milli-GPUs of a node that a pod of the target workload could not use, weighted by
 * how often such a pod comes. The target workload is the trace's most common pod shapes (CPU, milli-GPUs per GPU,
 * GPU count, GPU models) covering `popularityPct` % of its pods, each with its frequency.
 *
 * For one target pod on one node, the idle milli-GPUs fall in one class:
 * - q3_satisfied: the node could host it; its GPUs with less idle than the pod's share are q2_lack_gpu instead;
 * - q4_lack_cpu: enough GPUs, too little CPU; q2_lack_gpu: enough CPU, too few GPUs; q1_lack_both: neither;
 * - xl_satisfied / xr_lack_cpu: the pod needs no GPU (so every idle GPU is a fragment to it), CPU fits or not;
 * - no_access: the pod may not run on this GPU model.
 * A node's fragmentation is the frequency-weighted sum over target pods of every class but q3_satisfied.
 * Sums are taken in the simulator's order (targets in order, then classes), so equal states give equal bits.
 */

export const FRAG_CLASSES = [
  "q1_lack_both",
  "q2_lack_gpu",
  "q3_satisfied",
  "q4_lack_cpu",
  "xl_satisfied",
  "xr_lack_cpu",
  "no_access",
] as const;
const Q1 = 0;
const Q2 = 1;
const Q3 = 2;
const Q4 = 3;
const XL = 4;
const XR = 5;
const NA = 6;

/** One pod shape of the target workload and its frequency (the frequencies sum to 1). */
export interface TargetPod {
  cpuMilli: number;
  gpuMilli: number;
  gpus: number;
  /** GPU models it may run on (sorted canonical names), or undefined for any. */
  models?: readonly string[];
  frequency: number;
}

/** A pod's shape for the target workload (what fragmentation looks at: no memory). */
export interface PodShape {
  cpuMilli: number;
  gpuMilli: number;
  gpus: number;
  models?: readonly string[];
}

const modelKey = (m: readonly string[] | undefined) => (m === undefined ? "" : m.join("|"));

/** The simulator's order of shapes: CPU, then milli, then GPU count, then models. */
function shapeLess(a: PodShape, b: PodShape): boolean {
  if (a.cpuMilli !== b.cpuMilli) return a.cpuMilli < b.cpuMilli;
  if (a.gpuMilli !== b.gpuMilli) return a.gpuMilli < b.gpuMilli;
  if (a.gpus !== b.gpus) return a.gpus < b.gpus;
  return modelKey(a.models) < modelKey(b.models);
}

/**
 * The target workload of a pod list (the simulator's GetTypicalPods with its defaults): shapes by decreasing
 * count (ties: the larger shape first), the most common ones until they cover `popularityPct` % of the pods,
 * their frequencies renormalized over the kept ones.
 */
export function targetWorkload(pods: readonly PodShape[], popularityPct = 95): TargetPod[] {
  const counts = new Map<string, { shape: PodShape; count: number }>();
  for (const p of pods) {
    const key = `${p.cpuMilli}/${p.gpuMilli}/${p.gpus}/${modelKey(p.models)}`;
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { shape: p, count: 1 });
  }
  const total = pods.length;
  const list = [...counts.values()].sort((a, b) => {
    if (a.count !== b.count) return b.count - a.count;
    return shapeLess(a.shape, b.shape) ? 1 : shapeLess(b.shape, a.shape) ? -1 : 0;
  });
  const expected = (popularityPct * total) / 100;
  let kept = 0;
  let covered = 0;
  while (covered < expected && kept < list.length) covered += list[kept++].count;
  const share = kept >= list.length ? 1 : covered / total;
  return list.slice(0, kept).map(({ shape, count }) => ({
    cpuMilli: shape.cpuMilli,
    gpuMilli: shape.gpuMilli,
    gpus: shape.gpus,
    models: shape.models,
    frequency: kept >= list.length ? count / total : count / total / share,
  }));
}

/** The target workload prepared for one cluster: which node GPU models each target pod may use. */
export class FragModel {
  readonly targets: readonly TargetPod[];
  /** access[t * models + m]: whether target t may run on node model m (ledger model index). */
  private readonly access: Uint8Array;
  private readonly modelCount: number;
  private readonly scratch = new Float64Array(FRAG_CLASSES.length);

  constructor(targets: readonly TargetPod[], models: readonly string[]) {
    this.targets = targets;
    this.modelCount = models.length;
    this.access = new Uint8Array(targets.length * Math.max(1, models.length));
    targets.forEach((t, i) =>
      models.forEach(
        (m, k) => (this.access[i * models.length + k] = Number(!t.models || t.models.includes(m))),
      ),
    );
  }

  /**
   * The node's fragmentation (milli-GPUs) for CPU left `cpuLeft` and GPUs with `free[0..n)` milli left, on model
   * `model` (ledger index, -1 none); `out`, when given, receives the amount of every class (FRAG_CLASSES order).
   */
  fragment(cpuLeft: number, free: ArrayLike<number>, n: number, model: number, out?: Float64Array): number {
    const data = out ?? this.scratch;
    data.fill(0);
    let idle = 0;
    for (let i = 0; i < n; i++) idle += free[i];
    const { targets } = this;
    for (let t = 0; t < targets.length; t++) {
      const pod = targets[t];
      const f = pod.frequency;
      const cpuFits = cpuLeft >= pod.cpuMilli;
      if (pod.gpuMilli === 0) {
        data[cpuFits ? XL : XR] += f * idle;
        continue;
      }
      const accessible = !pod.models || (model >= 0 && this.access[t * this.modelCount + model] === 1);
      if (!accessible) {
        data[NA] += f * idle;
        continue;
      }
      let enough = 0;
      let short = 0;
      for (let i = 0; i < n; i++) {
        if (free[i] >= pod.gpuMilli) enough++;
        else short += free[i];
      }
      if (enough >= pod.gpus && pod.gpus > 0) {
        if (cpuFits) {
          data[Q2] += f * short;
          data[Q3] += f * (idle - short);
        } else data[Q4] += f * idle;
      } else data[cpuFits ? Q2 : Q1] += f * idle;
    }
    let sum = 0;
    for (let c = 0; c < data.length; c++) if (c !== Q3) sum += data[c];
    return sum;
  }
}
