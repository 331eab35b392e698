/** Look GPUs and MIG profiles up by the names people type; unknown names get the list of valid ones. */
import { InputError } from "../input-error.ts";
import { CATALOG, PLACEMENT_ONLY } from "./catalog/index.ts";
import type { GpuModel, GpuSpec, MigProfile, PlacementOnlyGpu } from "./types.ts";

/** Where a name came from, for the error message. */
export interface NameSource {
  file: string;
  field: string;
}

const COMMAND_LINE: NameSource = { file: "command line", field: "" };

/** "NVIDIA H100 80GB HBM3", "h100-80gb-hbm3" and "H100_80GB_HBM3" all read the same. */
function normalize(name: string): string {
  return name
    .toLowerCase()
    .replace(/^\s*nvidia\s*/, "")
    .replace(/[^a-z0-9.+]/g, "");
}

const byName = <T extends { name: string; aliases: readonly string[] }>(list: readonly T[]) =>
  new Map<string, T>(list.flatMap((g) => [g.name, ...g.aliases].map((n) => [normalize(n), g] as const)));
const BY_NAME = byName(CATALOG);
const PLACEMENT_BY_NAME = byName(PLACEMENT_ONLY);

/** Canonical GPU names, catalog order. */
export function gpuNames(): string[] {
  return CATALOG.map((g) => g.name);
}

/** Every GPU of the catalog, catalog order. */
export function gpus(): readonly GpuSpec[] {
  return CATALOG;
}

/** A GPU by canonical name or alias (case-insensitive; "NVIDIA " prefix, spaces and dashes ignored); undefined when unknown. */
export function findGpu(name: string): GpuSpec | undefined {
  return BY_NAME.get(normalize(name));
}

/** Like `findGpu`, but an unknown name throws an InputError listing the known ones. */
export function gpu(name: string, at: NameSource = COMMAND_LINE): GpuSpec {
  const found = findGpu(name);
  if (found) return found;
  const placement = PLACEMENT_BY_NAME.get(normalize(name));
  const why = placement ? ` (${placement.name} is known for placement only: ${placement.placementOnly})` : "";
  throw new InputError(at.file, at.field, `a GPU name, one of ${gpuNames().join(", ")}${why}`, name);
}

/** Models known by name only (the openb trace's G1-G3): they can hold pods, not be simulated. */
export function placementOnlyGpus(): readonly PlacementOnlyGpu[] {
  return PLACEMENT_ONLY;
}

/** Any model of the catalog, the placement-only ones included (a node list's GPU model column). */
export function gpuModel(name: string, at: NameSource = COMMAND_LINE): GpuModel {
  const found = BY_NAME.get(normalize(name)) ?? PLACEMENT_BY_NAME.get(normalize(name));
  if (!found) {
    const names = [...gpuNames(), ...PLACEMENT_ONLY.map((g) => g.name)].join(", ");
    throw new InputError(at.file, at.field, `a GPU model, one of ${names}`, name);
  }
  return found;
}

/** Whether the model can be simulated (has SMs, memory and power), or is known for placement only. */
export function isSimulated(model: GpuModel): model is GpuSpec {
  return !("placementOnly" in model);
}

/** The GPU's MIG GPU-instance profiles (with the "+me" ones), smallest first as `-lgip` lists them. */
export function migProfiles(spec: GpuSpec): readonly MigProfile[] {
  return spec.migProfiles;
}

/** A profile by name ("3g.20gb", "MIG 3g.20gb", any case) or id (9 or "9"); undefined when unknown. */
export function findProfile(spec: GpuSpec, nameOrId: string | number): MigProfile | undefined {
  const key = String(nameOrId)
    .trim()
    .toLowerCase()
    .replace(/^mig\s+/, "");
  return spec.migProfiles.find((p) => p.name.toLowerCase() === key || String(p.id) === key);
}

/** Like `findProfile`, but an unknown profile throws an InputError listing the valid ones. */
export function migProfile(
  spec: GpuSpec,
  nameOrId: string | number,
  at: NameSource = COMMAND_LINE,
): MigProfile {
  const found = findProfile(spec, nameOrId);
  if (!found)
    throw new InputError(
      at.file,
      at.field,
      `a MIG profile of ${spec.name}, one of ${profileList(spec)}`,
      nameOrId,
    );
  return found;
}

/** "1g.5gb (id 19), 1g.5gb+me (id 20), ...": the valid profile names, for messages. */
export function profileList(spec: GpuSpec): string {
  return spec.migProfiles.map((p) => `${p.name} (id ${p.id})`).join(", ");
}

/** The profile with this id, for placements the code built itself (a miss is a programming error). */
export function profileById(spec: GpuSpec, id: number): MigProfile {
  const found = spec.migProfiles.find((p) => p.id === id);
  if (!found) throw new RangeError(`${spec.name} has no MIG profile id ${id}`);
  return found;
}
