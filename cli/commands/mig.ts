/**
 * `colloc mig layouts --gpu NAME [--all] [--media-extensions] [--profiles LIST] [--json]`: the maximal MIG layouts
 * of a GPU (every placement set with --all).
 * `colloc mig check --gpu NAME PROFILE... [--json]`: whether a geometry can be built, every placement and what
 * each strands, or why not (exit 1 when it cannot be built, 2 for unknown names).
 */
import type { Command } from "commander";
import {
  checkGeometry,
  enumeratePlacements,
  gpu,
  gpus,
  maximalLayouts,
  migProfile,
  multisetKey,
  parseRequest,
  stranded,
  type GpuSpec,
  type Placement,
  type ProfileSelection,
  type Stranded,
} from "../../sim/hardware/index.ts";
import { InputError } from "../../sim/input-error.ts";
import { EXIT_FAILURE } from "../exit.ts";
import { formatTable } from "../table.ts";
import type { Register } from "./index.ts";

const GPU_FIELD = { file: "command line", field: "--gpu" };

/** The --gpu GPU, which must have MIG (the openb trace's P100, V100, T4 and A10 have none). */
function migGpu(name: string): GpuSpec {
  const spec = gpu(name, GPU_FIELD);
  const withMig = gpus()
    .filter((g) => g.memorySlices > 0)
    .map((g) => g.name);
  if (spec.memorySlices === 0)
    throw new InputError(
      GPU_FIELD.file,
      GPU_FIELD.field,
      `a GPU with MIG, one of ${withMig.join(", ")}`,
      name,
    );
  return spec;
}

/** A layout as JSON: its instances with names and sizes, and the slices they use. */
function describe(spec: GpuSpec, layout: readonly Placement[]) {
  const instances = layout.map((p) => {
    const profile = migProfile(spec, p.profileId);
    return {
      profile: profile.name,
      id: profile.id,
      start: p.start,
      memorySlices: profile.memorySlices,
      computeSlices: profile.computeSlices,
    };
  });
  return {
    instances,
    computeSlices: instances.reduce((s, i) => s + i.computeSlices, 0),
    memorySlices: instances.reduce((s, i) => s + i.memorySlices, 0),
  };
}

type Described = ReturnType<typeof describe>;

const layoutText = (d: Described) => d.instances.map((i) => `${i.profile}@${i.start}`).join(" + ");

/** One character per memory slice: the owning instance's compute slices, "-" when free, "|" between instances. */
function sliceMap(spec: GpuSpec, d: Described): string {
  let map = "";
  for (let slice = 0; slice < spec.memorySlices; slice++) {
    const owner = d.instances.find((i) => slice >= i.start && slice < i.start + i.memorySlices);
    const boundary = owner ? owner.start === slice : map.at(-1) !== "-";
    map += (slice > 0 && boundary ? "|" : "") + (owner ? String(owner.computeSlices) : "-");
  }
  return map;
}

function selectionOf(
  spec: GpuSpec,
  options: { mediaExtensions?: boolean; profiles?: string },
): ProfileSelection {
  if (options.profiles === undefined) return { mediaExtensions: options.mediaExtensions };
  const at = { file: "command line", field: "--profiles" };
  return { profileIds: options.profiles.split(",").map((name) => migProfile(spec, name, at).id) };
}

interface LayoutsOptions {
  gpu: string;
  all?: boolean;
  mediaExtensions?: boolean;
  profiles?: string;
  json?: boolean;
}

/** The text table shared by both subcommands: one row per layout. */
function layoutTable(spec: GpuSpec, rows: readonly (Described & { stranded: Stranded })[]): string {
  return formatTable(
    ["#", "slices", "compute", "stranded mem", "stranded compute", "instances"],
    rows.map((r, i) => [
      i + 1,
      sliceMap(spec, r),
      r.computeSlices,
      r.stranded.memorySlices.join(",") || "-",
      r.stranded.computeSlices,
      layoutText(r),
    ]),
  );
}

function layouts(options: LayoutsOptions): void {
  const spec = migGpu(options.gpu);
  const selection = selectionOf(spec, options);
  const sets = options.all ? enumeratePlacements(spec, selection) : maximalLayouts(spec, selection);
  const rows = sets.map((layout) => ({
    ...describe(spec, layout),
    stranded: stranded(spec, layout, selection),
  }));
  if (options.json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  const kind = options.all ? "placement sets" : "maximal layouts";
  const mixes = new Set(sets.map(multisetKey)).size;
  process.stdout.write(`${spec.name}: ${sets.length} ${kind} (${mixes} distinct profile mixes)\n`);
  process.stdout.write(layoutTable(spec, rows));
}

function check(profiles: string[], options: { gpu: string; json?: boolean }): void {
  const spec = migGpu(options.gpu);
  const requests = profiles.map(parseRequest);
  // An unknown profile is bad input (exit 2) with the valid ones listed; a known one that cannot be built, exit 1.
  for (const r of requests) migProfile(spec, r.profile, { file: "command line", field: "PROFILE" });
  const result = checkGeometry(spec, requests);
  if (!result.valid) process.exitCode = EXIT_FAILURE;
  const rows = result.valid
    ? result.placements.map((p) => ({ ...describe(spec, p.layout), stranded: p.stranded }))
    : [];
  if (options.json) {
    const json = result.valid
      ? { gpu: spec.name, valid: true, placements: rows }
      : { gpu: spec.name, valid: false, problems: result.problems };
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    return;
  }
  const wanted = profiles.join(" + ");
  if (!result.valid) {
    const reasons = result.problems.map((p) => `  - ${p.kind}: ${p.message}\n`).join("");
    process.stdout.write(`${wanted} cannot be built on ${spec.name}:\n${reasons}`);
    return;
  }
  const n = rows.length;
  process.stdout.write(`${wanted} fits on ${spec.name}: ${n} placement${n === 1 ? "" : "s"}\n`);
  process.stdout.write(layoutTable(spec, rows));
}

export const registerMig: Register = (program: Command) => {
  const mig = program
    .command("mig")
    .description("MIG geometry: enumerate layouts, check a requested geometry");
  mig
    .command("layouts")
    .description("list the maximal MIG layouts of a GPU (--all: every valid placement set)")
    .requiredOption("--gpu <name>", "GPU name or alias (see colloc gpus)")
    .option("--all", "every valid placement set, not only the maximal ones")
    .option("--media-extensions", 'also consider the "+me" profiles (at most one per GPU)')
    .option("--profiles <list>", "consider only these profiles (comma-separated names or ids)")
    .option("--json", "print an array with one entry per layout")
    .action((options: LayoutsOptions) => layouts(options));
  mig
    .command("check")
    .description("check a MIG geometry: valid placements and stranded slices, or why it cannot be built")
    .requiredOption("--gpu <name>", "GPU name or alias (see colloc gpus)")
    .argument("<profiles...>", "profile names or ids, optionally @START in memory slices (e.g. 3g.20gb@4)")
    .option("--json", "print the result as JSON")
    .action((profiles: string[], options: { gpu: string; json?: boolean }) => check(profiles, options));
};
