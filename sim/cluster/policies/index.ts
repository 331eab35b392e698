/**
 * The policies a scenario can name, and `createPolicy`, which checks the GPUs' sharing modes and the
 * policy's parameters (bad ones are bad input: file, field, expectation) before building it.
 */
import { z } from "zod";
import { InputError } from "../../input-error.ts";
import type { ClusterInput, PolicyName } from "../scenario/cluster-input.ts";
import { issueToInputError } from "../scenario/zod-issue.ts";
import { bestFit } from "./best-fit.ts";
import { dotProduct } from "./dot-product.ts";
import { fgd } from "./fgd.ts";
import { fifoExclusive } from "./fifo-exclusive.ts";
import { gpuClustering } from "./gpu-clustering.ts";
import { gpuPacking } from "./gpu-packing.ts";
import { interferenceAwarePolicy } from "./interference-aware.ts";
import { migDynamic } from "./mig-dynamic.ts";
import { migStatic } from "./mig-static.ts";
import type { PolicyModule } from "./module.ts";
import { mpsPack } from "./mps-pack.ts";
import { naivePack } from "./naive-pack.ts";
import { randomFit } from "./random-fit.ts";
import type { Policy } from "./policy.ts";

export type { ClusterView, OomAction, Placement, Policy } from "./policy.ts";
export type { PolicyModule } from "./module.ts";

export const POLICIES: Record<PolicyName, PolicyModule<never>> = {
  "fifo-exclusive": fifoExclusive,
  "mig-static": migStatic,
  "mig-dynamic": migDynamic,
  "mps-pack": mpsPack,
  "naive-pack": naivePack,
  "interference-aware": interferenceAwarePolicy,
  fgd,
  "best-fit": bestFit,
  "dot-product": dotProduct,
  "gpu-packing": gpuPacking,
  "gpu-clustering": gpuClustering,
  "random-fit": randomFit,
} as Record<PolicyName, PolicyModule<never>>;

/** Build the scenario's policy, or an InputError naming what does not suit it. */
export function createPolicy(input: ClusterInput): Policy {
  const module = POLICIES[input.scheduler.policy] as PolicyModule<unknown>;
  const wrong = input.gpus.find((g) => !module.modes.includes(g.sharing.mode));
  if (wrong !== undefined) {
    throw new InputError(
      input.source,
      "hardware.gpus[].sharing.mode",
      `${module.modes.join(" or ")} for policy ${module.name} (${wrong.id} is ${wrong.sharing.mode})`,
    );
  }
  const unpartitioned = module.partitions
    ? undefined
    : input.gpus.find((g) => g.sharing.mode === "mig" && g.sharing.instances.length === 0);
  if (unpartitioned !== undefined)
    throw new InputError(
      input.source,
      "hardware.gpus[].sharing.layout",
      `at least one MIG instance: policy ${module.name} does not partition GPUs (mig-dynamic does), so ${unpartitioned.id} would never run a job`,
      [],
    );
  const wrapped = z.object({ scheduler: z.object({ params: module.params }) });
  const parsed = wrapped.safeParse({ scheduler: { params: input.scheduler.params } }, { reportInput: true });
  if (!parsed.success) throw issueToInputError(input.source, parsed.error.issues[0]);
  return module.create(parsed.data.scheduler.params, input);
}
