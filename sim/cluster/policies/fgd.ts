/**
 * Fragmentation gradient descent (FGD; "Beware of Fragmentation", USENIX ATC 2023, §5; its simulator's FGDScore):
 * place the pod where it grows the cluster's GPU fragmentation least. A node's score is sigmoid((fragmentation
 * before - after) / 1000) x 100, truncated (sim/cluster/placement/fragmentation.ts, over the target workload of
 * the run's pods); a share-GPU pod is tried on each GPU that fits and takes the one that scores best (the first
 * of equals), any other pod takes the node's first GPUs with room. Scores are cached per node version and pod
 * shape: a placement changes one node, so most nodes' scores carry over to the next pod of the same shape.
 */
import { z } from "zod";
import { GPU_MILLI } from "../scenario/cluster-input.ts";
import { FragModel } from "../placement/fragmentation.ts";
import { targetOfJobs } from "../placement/target.ts";
import { firstGpus } from "./gpu-choice.ts";
import type { PolicyModule } from "./module.ts";
import { nodePolicy, tieBreak, type Demand, type NodeRule } from "./node-policy.ts";
import type { ClusterView } from "./policy.ts";

const params = z.strictObject({
  tie_break: tieBreak,
  /** The target workload: the most common pod shapes covering this % of the pods (the paper's 95). */
  popularity_pct: z.number().gt(0).lte(100).default(95),
});
type Params = z.infer<typeof params>;

const sigmoidScore = (before: number, after: number) =>
  Math.trunc((1 / (1 + Math.exp(-(before - after) / 1000))) * 100);

/** Pod shapes as FGD scores them (CPU, milli, GPU count, models; alone jobs take whole GPUs): a small index each. */
function shapeIndex(cluster: ClusterView): { of: (job: number) => number; count: number } {
  const { jobs } = cluster;
  const keys = new Map<string, number>();
  const base = Int32Array.from({ length: jobs.count }, (_, j) => {
    const key = `${jobs.cpuMilli[j]}/${jobs.gpuMilli[j]}/${jobs.gpus[j]}/${jobs.modelSet[j]}`;
    let at = keys.get(key);
    if (at === undefined) keys.set(key, (at = keys.size));
    return at;
  });
  const count = keys.size;
  // A job back from an out-of-memory asks for whole GPUs: its own shape, after the others.
  return { of: (j) => (jobs.alone[j] === 1 ? count + j : base[j]), count: count };
}

function fgdRule(cluster: ClusterView, p: Params): NodeRule {
  const { nodes, jobs } = cluster;
  const model = new FragModel(targetOfJobs(jobs, p.popularity_pct), nodes.models);
  const shapes = shapeIndex(cluster);
  const slots = nodes.count * shapes.count;
  const cachedAt = new Uint32Array(slots);
  const cachedScore = new Int16Array(slots);
  const cachedGpu = new Int16Array(slots);
  const beforeAt = new Uint32Array(nodes.count);
  const before = new Float64Array(nodes.count);
  const free = new Int32Array(nodes.kindCount);
  const order = new Int32Array(nodes.kindCount);

  const load = (node: number): number => nodes.copyGpuFree(node, free);

  const fragNow = (node: number): number => {
    if (beforeAt[node] !== nodes.version[node]) {
      before[node] = model.fragment(nodes.cpuFree[node], free, load(node), nodes.modelOf[node]);
      beforeAt[node] = nodes.version[node];
    }
    return before[node];
  };

  /** Score and chosen GPU (node-local; -1: the first GPUs with room) of the job's shape on the node. */
  const evaluate = (node: number, d: Demand): [number, number] => {
    const was = fragNow(node);
    const n = load(node);
    const cpuLeft = nodes.cpuFree[node] - d.cpu;
    const m = nodes.modelOf[node];
    if (d.gpus === 1 && d.milli < GPU_MILLI) {
      let score = 0;
      let gpu = -1;
      for (let i = 0; i < n; i++) {
        if (free[i] < d.milli) continue;
        free[i] -= d.milli;
        const s = sigmoidScore(was, model.fragment(cpuLeft, free, n, m));
        free[i] += d.milli;
        if (gpu < 0 || s > score) {
          score = s;
          gpu = i;
        }
      }
      return [score, gpu];
    }
    // The simulator's NodeResource.Sub: the least free GPUs that fit, in a stable ascending order.
    for (let i = 0; i < n; i++) order[i] = i;
    const sorted = Array.from(order.subarray(0, n)).sort((a, b) => free[a] - free[b]);
    let need = d.gpus;
    for (const i of sorted) {
      if (need === 0) break;
      if (free[i] >= d.milli) {
        free[i] -= d.milli;
        need--;
      }
    }
    return [sigmoidScore(was, model.fragment(cpuLeft, free, n, m)), -1];
  };

  const slot = (job: number, node: number, d: Demand): number => {
    const shape = shapes.of(job);
    if (shape >= shapes.count) return -1; // an alone job: not cached
    const at = node * shapes.count + shape;
    if (cachedAt[at] !== nodes.version[node]) {
      const [score, gpu] = evaluate(node, d);
      cachedScore[at] = score;
      cachedGpu[at] = gpu;
      cachedAt[at] = nodes.version[node];
    }
    return at;
  };

  return {
    score(job, node, d) {
      const at = slot(job, node, d);
      return at < 0 ? evaluate(node, d)[0] : cachedScore[at];
    },
    gpus(job, node, d) {
      const at = slot(job, node, d);
      const gpu = at < 0 ? evaluate(node, d)[1] : cachedGpu[at];
      if (gpu >= 0) return [nodes.nodeGpus[node][gpu]];
      return firstGpus(nodes, node, d.gpus, d.milli);
    },
  };
}

export const fgd: PolicyModule<Params> = {
  name: "fgd",
  modes: ["naive", "mps"],
  params,
  create: (p, input) =>
    nodePolicy({ tieBreak: p.tie_break, seed: input.seed, rule: (cluster) => fgdRule(cluster, p) }),
};
