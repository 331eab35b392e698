/** hardware.gpus and a node list to one ClusterGpu per physical GPU, and the nodes: catalog lookup, MIG geometry, MPS limits. */
import { InputError } from "../../input-error.ts";
import {
  checkGeometry,
  GIB,
  gpu,
  gpuModel,
  isSimulated,
  migProfile,
  type GpuSpec,
} from "../../hardware/index.ts";
import type { ClusterGpu, ClusterNode, GpuSharing, MigInstance } from "./cluster-input.ts";
import type { TraceNode } from "../streams/openb-nodes.ts";
import type { Scenario } from "./schema.ts";
import { limitText } from "./limits.ts";

type Group = Scenario["hardware"]["gpus"][number];
type MigSpec = Extract<Group["sharing"], { mode: "mig" }>;

function migInstances(spec: GpuSpec, sharing: MigSpec, file: string, field: string): MigInstance[] {
  if (sharing.layout.length === 0 && sharing.fixed)
    throw new InputError(
      file,
      `${field}.layout`,
      "at least one MIG instance (or fixed: false to let the scheduler partition)",
      [],
    );
  const requests = sharing.layout.map((entry, k) => {
    const request = typeof entry === "string" ? { profile: entry } : entry;
    const profile = migProfile(spec, request.profile, { file, field: `${field}.layout[${k}]` });
    return { profile: profile.id, start: "start" in request ? request.start : undefined };
  });
  if (requests.length === 0) return [];
  const check = checkGeometry(spec, requests);
  if (!check.valid) {
    const why = check.problems.map((p) => p.message).join("; ");
    const names = sharing.layout.map((e) => (typeof e === "string" ? e : `${e.profile}@${e.start}`));
    throw new InputError(file, `${field}.layout`, `a MIG layout that fits one ${spec.name} (${why})`, names);
  }
  return check.placements[0].layout.map(({ profileId, start }) => {
    const profile = spec.migProfiles.find((p) => p.id === profileId)!;
    return {
      profile: profile.name,
      profileId,
      start,
      computeSlices: profile.computeSlices,
      memorySlices: profile.memorySlices,
      sms: profile.sms,
      memoryBytes: profile.usableMemoryBytes,
    };
  });
}

function sharingOf(
  spec: GpuSpec | undefined,
  model: string,
  sharing: Group["sharing"],
  file: string,
  field: string,
): GpuSharing {
  switch (sharing.mode) {
    case "exclusive":
    case "naive":
      return { mode: sharing.mode };
    case "mps":
      if (spec !== undefined && sharing.max_clients > spec.mps.maxClients)
        throw new InputError(
          file,
          `${field}.max_clients`,
          `at most ${spec.mps.maxClients} on ${spec.name}`,
          sharing.max_clients,
        );
      return {
        mode: "mps",
        defaultPercentage: sharing.default_percentage,
        percentages: sharing.percentages ?? {},
        memoryLimitBytes: sharing.memory_limit_gb === undefined ? undefined : sharing.memory_limit_gb * GIB,
        maxClients: sharing.max_clients,
      };
    case "mig":
      if (spec === undefined || spec.memorySlices === 0)
        throw new InputError(
          file,
          `${field}.mode`,
          `exclusive, naive or mps on ${model} (${spec === undefined ? "placement only" : "no MIG"})`,
          "mig",
        );
      return {
        mode: "mig",
        instances: migInstances(spec, sharing, file, field),
        mpsInside: sharing.mps_inside,
        fixed: sharing.fixed,
      };
  }
}

/** Nodes: a group is one node (`node`, default `node-<group index>`), or split into nodes of `per_node` GPUs. */
function nodeOf(group: Group, g: number, k: number): string {
  const base = group.node ?? `node-${g}`;
  return group.per_node === undefined ? base : `${base}-${Math.floor(k / group.per_node)}`;
}

function addGpus(
  out: ClusterGpu[],
  spec: GpuSpec | undefined,
  model: string,
  sharing: GpuSharing,
  count: number,
  node: (k: number) => string,
) {
  for (let k = 0; k < count; k++) {
    out.push({
      id: `gpu-${out.length}`,
      node: node(k),
      model,
      spec,
      sms: spec?.sms ?? 0,
      memoryBytes: spec?.memoryBytes ?? 0,
      sharing,
    });
  }
}

/** Trace nodes' GPUs: the scenario's model for all (`hardware.nodes.gpu`), else each node's own. */
function traceGpus(
  out: ClusterGpu[],
  nodes: NonNullable<Scenario["hardware"]["nodes"]>,
  traced: TraceNode[],
  file: string,
) {
  const sharings = new Map<string, GpuSharing>();
  const sharingFor = (spec: GpuSpec | undefined, model: string) => {
    let sharing = sharings.get(model);
    if (sharing === undefined)
      sharings.set(model, (sharing = sharingOf(spec, model, nodes.sharing, file, "hardware.nodes.sharing")));
    return sharing;
  };
  const given = nodes.gpu === undefined ? undefined : gpu(nodes.gpu, { file, field: "hardware.nodes.gpu" });
  for (const node of traced) {
    if (node.gpus === 0) continue;
    let spec = given;
    let model = given?.name;
    if (given === undefined) {
      if (node.gpuModel === undefined)
        throw new InputError(file, "hardware.nodes.gpu", `a GPU model (node ${node.name} names none)`);
      const own = gpuModel(node.gpuModel);
      spec = isSimulated(own) ? own : undefined;
      model = own.name;
    }
    addGpus(out, spec, model!, sharingFor(spec, model!), node.gpus, () => node.name);
  }
}

/** Nodes in order (trace rows, then groups' nodes), each with its GPUs; a name used twice is one node. */
function nodesOf(gpus: ClusterGpu[], traced: TraceNode[]): ClusterNode[] {
  const nodes = new Map<string, ClusterNode>();
  for (const t of traced)
    nodes.set(t.name, {
      name: t.name,
      cpuMilli: t.cpuMilli,
      memoryMib: t.memoryMib,
      gpuModel: t.gpuModel,
      gpus: [],
    });
  gpus.forEach((g, i) => {
    let node = nodes.get(g.node);
    if (node === undefined)
      nodes.set(
        g.node,
        (node = { name: g.node, cpuMilli: Infinity, memoryMib: Infinity, gpuModel: g.model, gpus: [] }),
      );
    node.gpus.push(i);
  });
  return [...nodes.values()];
}

/** Refuse more than `max` GPUs before any is built, naming the group (or node list) that goes past it. */
function checkCount(hardware: Scenario["hardware"], file: string, nodes: TraceNode[], max: number): void {
  let total = 0;
  const over = (field: string, got: number) =>
    new InputError(file, field, limitText("gpus", max, "in all"), got);
  hardware.gpus.forEach((group, g) => {
    total += group.count;
    if (total > max) throw over(`hardware.gpus[${g}].count`, group.count);
  });
  for (const node of nodes) total += node.gpus;
  if (total > max) throw over("hardware.nodes.path", total);
}

/**
 * hardware.gpus, then the nodes of hardware.nodes (read by the caller), and the nodes: trace rows, then groups'
 * nodes; at most `max` GPUs.
 */
export function resolveGpus(
  hardware: Scenario["hardware"],
  file: string,
  traced: TraceNode[] = [],
  max = Infinity,
): { gpus: ClusterGpu[]; nodes: ClusterNode[] } {
  checkCount(hardware, file, traced, max);
  const out: ClusterGpu[] = [];
  hardware.gpus.forEach((group, g) => {
    const field = `hardware.gpus[${g}]`;
    const spec = gpu(group.gpu, { file, field: `${field}.gpu` });
    addGpus(
      out,
      spec,
      spec.name,
      sharingOf(spec, spec.name, group.sharing, file, `${field}.sharing`),
      group.count,
      (k) => nodeOf(group, g, k),
    );
  });
  if (hardware.nodes) traceGpus(out, hardware.nodes, traced, file);
  if (out.length === 0) throw new InputError(file, "hardware", "at least one GPU, in gpus or nodes", 0);
  return { gpus: out, nodes: nodesOf(out, traced) };
}
