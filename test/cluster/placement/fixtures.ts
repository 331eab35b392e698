/** Small openb-shaped clusters for the placement tests: node and pod lists as CSV text, resolved and simulated. */
import { basename } from "node:path";
import { simulate, type RunResult } from "../../../sim/cluster/engine.ts";
import type { ShareFn } from "../../../sim/cluster/share-memo.ts";
import { input } from "../fixtures.ts";

export const NODE_HEADER = "sn,cpu_milli,memory_mib,gpu,model\n";
export const POD_HEADER =
  "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n";

/** A pod row: name, CPU, memory, GPUs, milli-GPUs each, gpu_spec, creation and deletion times. */
export const pod = (
  name: string,
  cpu: number,
  mem: number,
  gpus: number,
  milli: number,
  spec = "",
  c = 0,
  d = 100,
) => `${name},${cpu},${mem},${gpus},${milli},${spec},LS,Running,${c},${d},${c}\n`;

export interface PlacementOptions {
  policy: string;
  params?: Record<string, unknown>;
  replay?: "fill" | "timed";
  /** Simulate every GPU as the test calibration's H200 (pods then train `mix`). */
  gpu?: string;
  mix?: Record<string, number>;
  inflation?: { ratio: number };
  seed?: number;
  share?: ShareFn;
}

export function placementInput(nodes: string, pods: string, o: PlacementOptions) {
  const files: Record<string, string> = { "nodes.csv": NODE_HEADER + nodes, "pods.csv": POD_HEADER + pods };
  return input(
    {
      seed: o.seed ?? 1,
      hardware: {
        nodes: {
          format: "openb",
          path: "nodes.csv",
          sharing: { mode: "naive" },
          ...(o.gpu ? { gpu: o.gpu } : {}),
        },
      },
      jobs: {
        trace: {
          format: "openb",
          path: "pods.csv",
          replay: o.replay ?? "fill",
          ...(o.mix ? { mix: o.mix } : {}),
          ...(o.inflation ? { inflation: o.inflation } : {}),
        },
      },
      scheduler: { policy: o.policy, params: o.params ?? {} },
    },
    (path) => files[basename(path)],
  );
}

export function place(nodes: string, pods: string, o: PlacementOptions): RunResult {
  return simulate(placementInput(nodes, pods, o), o.share ? { share: o.share } : {});
}

/** Where each pod went: its node's name, or "-" when it was not placed. */
export function nodesOf(run: RunResult): Record<string, string> {
  return Object.fromEntries(
    run.jobs.ids.map((id, j) => [id, run.jobs.node[j] < 0 ? "-" : run.input.nodes[run.jobs.node[j]].name]),
  );
}

/** Milli-GPUs left on each GPU of the named node. */
export function freeOn(run: RunResult, node: string): number[] {
  const n = run.input.nodes.findIndex((x) => x.name === node);
  return Array.from(run.cluster.nodes.nodeGpus[n], (g) => run.cluster.nodes.gpuFree[g]);
}
