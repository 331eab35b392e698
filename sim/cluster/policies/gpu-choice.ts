/**
 * Which GPUs of its node a pod takes (the FGD simulator's Open-Gpu-Share `gpuSelMethod`): a share-GPU pod (under
 * a whole GPU) the tightest GPU that fits ("best"), or one at random among those that fit ("random"); any other
 * pod the first GPUs of the node, in its order, with room (whole GPUs: the fully free ones).
 */
import type { RandomStream } from "../../core/index.ts";
import { GPU_MILLI } from "../scenario/cluster-input.ts";
import type { NodeLedger } from "../placement/node-ledger.ts";

/** The first `count` GPUs of the node with `milli` left, in node order. */
export function firstGpus(ledger: NodeLedger, node: number, count: number, milli: number): number[] {
  const out: number[] = [];
  for (const g of ledger.nodeGpus[node]) {
    if (out.length === count) break;
    if (ledger.gpuFree[g] >= milli) out.push(g);
  }
  return out;
}

export function bestFitGpus(ledger: NodeLedger, node: number, count: number, milli: number): number[] {
  if (milli >= GPU_MILLI || count !== 1) return firstGpus(ledger, node, count, milli);
  let best = -1;
  for (const g of ledger.nodeGpus[node]) {
    const free = ledger.gpuFree[g];
    if (free >= milli && (best < 0 || free < ledger.gpuFree[best])) best = g;
  }
  return best < 0 ? [] : [best];
}

export function randomGpus(
  ledger: NodeLedger,
  node: number,
  count: number,
  milli: number,
  rng: RandomStream,
): number[] {
  if (milli >= GPU_MILLI || count !== 1) return firstGpus(ledger, node, count, milli);
  let chosen = -1;
  let seen = 0;
  for (const g of ledger.nodeGpus[node]) {
    if (ledger.gpuFree[g] < milli) continue;
    seen++;
    if (Math.floor(rng.random() * seen) === 0) chosen = g;
  }
  return chosen < 0 ? [] : [chosen];
}
