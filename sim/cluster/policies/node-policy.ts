/**
 * The shared core of the node-aware policies (the FGD paper's FGD and its baselines, as its simulator runs them in
 * the Kubernetes scheduling framework): keep the nodes that can take the pod (CPU, memory, GPUs with room, GPU
 * model), score each, optionally rescale the scores to 0..100 over those nodes (the framework's NormalizeScore, in
 * integers), and take the best; ties go to the node first in the tie order (the node list's, or a seeded shuffle of
 * it: the simulator breaks ties by node name, names it prefixes with a seeded permutation). Then the rule says
 * which of that node's GPUs the pod takes.
 */
import { z } from "zod";
import { RandomStream } from "../../core/index.ts";
import type { JobTable } from "../job-table.ts";
import type { NodeLedger } from "../placement/node-ledger.ts";
import { GPU_MILLI, type PolicyName } from "../scenario/cluster-input.ts";
import { bestFitGpus } from "./gpu-choice.ts";
import type { PolicyModule } from "./module.ts";
import type { ClusterView, Placement, Policy } from "./policy.ts";

export const tieBreak = z.enum(["first", "shuffled"]).default("first");

/** What a pod asks of a node (see `demandOf`). */
export interface Demand {
  cpu: number;
  memory: number;
  gpus: number;
  /** Thousandths of each GPU. */
  milli: number;
  models: ReadonlySet<string> | undefined;
}

export interface NodeRule {
  /** Score of a node that can take the job (higher is better). */
  score(job: number, node: number, demand: Demand): number;
  /** The GPUs (cluster indexes) the job takes on its chosen node. */
  gpus(job: number, node: number, demand: Demand): number[];
}

export interface NodePolicyOptions {
  rule(cluster: ClusterView): NodeRule;
  normalize?: boolean;
  /** "best": the highest score; "random": any node that can take the pod, uniformly (seeded). */
  select?: "best" | "random";
  tieBreak: "first" | "shuffled";
  seed: number;
}

/** What a pod asks of a node; one sent back after running out of memory takes whole GPUs (it runs alone). */
export function demandOf(jobs: JobTable, job: number): Demand {
  const modelSet = jobs.modelSet[job];
  return {
    cpu: jobs.cpuMilli[job],
    memory: jobs.memoryMib[job],
    gpus: jobs.gpus[job],
    milli: jobs.alone[job] === 1 ? GPU_MILLI : jobs.gpuMilli[job],
    models: modelSet < 0 ? undefined : jobs.models[modelSet],
  };
}

/** Node indexes in tie order: ranks[node] is its place (lower wins a tie). */
function tieRanks(count: number, how: "first" | "shuffled", seed: number): Int32Array {
  const order = Array.from({ length: count }, (_, i) => i);
  if (how === "shuffled") {
    const rng = new RandomStream(seed, "policy/tie-break");
    for (let i = count - 1; i > 0; i--) {
      const k = Math.floor(rng.random() * (i + 1));
      [order[i], order[k]] = [order[k], order[i]];
    }
  }
  const ranks = new Int32Array(count);
  order.forEach((node, rank) => (ranks[node] = rank));
  return ranks;
}

export function nodePolicy(options: NodePolicyOptions): Policy {
  let rule: NodeRule;
  let ledger: NodeLedger;
  let ranks: Int32Array;
  let feasible: Int32Array;
  let scores: Float64Array;
  const rng = new RandomStream(options.seed, "policy/random-fit");

  const choose = (job: number, d: Demand): number => {
    let n = 0;
    for (let node = 0; node < ledger.count; node++)
      if (ledger.fits(node, d.cpu, d.memory, d.gpus, d.milli, d.models)) feasible[n++] = node;
    if (n === 0) return -1;
    if (options.select === "random") return feasible[Math.floor(rng.random() * n)];
    let low = Infinity;
    let high = -Infinity;
    for (let i = 0; i < n; i++) {
      scores[i] = rule.score(job, feasible[i], d);
      low = Math.min(low, scores[i]);
      high = Math.max(high, scores[i]);
    }
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < n; i++) {
      let s = scores[i];
      if (options.normalize) s = high === low ? 0 : Math.trunc(((s - low) * 100) / (high - low));
      const node = feasible[i];
      if (s > bestScore || (s === bestScore && ranks[node] < ranks[best])) {
        best = node;
        bestScore = s;
      }
    }
    return best;
  };

  return {
    init(cluster) {
      ledger = cluster.nodes;
      rule = options.rule(cluster);
      ranks = tieRanks(ledger.count, options.tieBreak, options.seed);
      feasible = new Int32Array(ledger.count);
      scores = new Float64Array(ledger.count);
    },
    place(job, cluster): Placement | null {
      const d = demandOf(cluster.jobs, job);
      const node = choose(job, d);
      if (node < 0) return null;
      const gpus = rule.gpus(job, node, d);
      return { devices: gpus.map((g) => cluster.gpuDevices[g][0]), node, gpus };
    },
  };
}

/** The parameters every node-aware policy takes. */
export const nodeParams = z.strictObject({ tie_break: tieBreak });

/**
 * A node-aware policy that scores nodes by `score` and gives a share-GPU pod the tightest GPU that fits: the FGD
 * paper's scored baselines differ only in the score.
 */
export function scoredNodePolicy(
  name: PolicyName,
  score: (nodes: NodeLedger, node: number, demand: Demand) => number,
  normalize = false,
): PolicyModule<z.infer<typeof nodeParams>> {
  return {
    name,
    modes: ["naive", "mps"],
    params: nodeParams,
    create: (p, input) =>
      nodePolicy({
        tieBreak: p.tie_break,
        seed: input.seed,
        normalize,
        rule: ({ nodes }) => ({
          score: (_job, node, d) => score(nodes, node, d),
          gpus: (_job, node, d) => bestFitGpus(nodes, node, d.gpus, d.milli),
        }),
      }),
  };
}
