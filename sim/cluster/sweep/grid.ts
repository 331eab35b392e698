/**
 * Sweep files: a base scenario and axes of values; the grid is their cartesian product (the first axis varies
 * slowest), each point a copy of the base scenario with the axis values set. Format: docs/simulator.md.
 *
 *   base: mixed-stream.yaml                # relative to the sweep file
 *   axes:
 *     - path: jobs.generate.arrivals.poisson.rate_per_hour
 *       values: [10, 20, 40]
 *     - name: sharing                      # one axis setting several fields together
 *       values:
 *         - { scheduler.policy: mps-pack, hardware.gpus.0.sharing.mode: mps }
 *         - { scheduler.policy: naive-pack, hardware.gpus.0.sharing.mode: naive }
 *     - path: seed
 *       values: [1, 2, 3]
 */
import { parseDocument } from "yaml";
import { z } from "zod";
import { InputError } from "../../core/errors.ts";
import { issueToInputError } from "../scenario/zod-issue.ts";

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const Axis = z.union([
  z.strictObject({
    path: z.string().min(1),
    name: z.string().min(1).optional(),
    values: z.array(scalar).min(1),
  }),
  z.strictObject({ name: z.string().min(1), values: z.array(z.record(z.string().min(1), scalar)).min(1) }),
]);
export const SweepFile = z.strictObject({
  name: z.string().min(1).optional(),
  base: z.string().min(1),
  axes: z.array(Axis).min(1),
});
export type SweepFile = z.infer<typeof SweepFile>;

export interface SweepPoint {
  /** `p0000`, `p0001`, ... in grid order. */
  id: string;
  index: number;
  /** Axis name -> the value it takes here (a scalar, or the fields a multi-field axis sets). */
  values: Record<string, z.infer<typeof scalar> | Record<string, z.infer<typeof scalar>>>;
  /** Field path -> value, every field this point sets in the base scenario. */
  sets: [string, z.infer<typeof scalar>][];
}

export function parseSweep(text: string, file: string): SweepFile {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new InputError(file, "", `well-formed YAML (${doc.errors[0].code})`);
  const parsed = SweepFile.safeParse(doc.toJS());
  if (!parsed.success) throw issueToInputError(file, parsed.error.issues[0]);
  const names = parsed.data.axes.map((a) => a.name ?? ("path" in a ? a.path : ""));
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new InputError(file, "axes", "distinct axis names", twice);
  return parsed.data;
}

export function expandGrid(sweep: SweepFile): SweepPoint[] {
  let points: Omit<SweepPoint, "id" | "index">[] = [{ values: {}, sets: [] }];
  for (const axis of sweep.axes) {
    const name = axis.name ?? ("path" in axis ? axis.path : "");
    points = points.flatMap((p) =>
      axis.values.map((value) => ({
        values: { ...p.values, [name]: value },
        sets: [
          ...p.sets,
          ...("path" in axis ? [[axis.path, value] as [string, typeof value]] : Object.entries(value)),
        ],
      })),
    );
  }
  const width = Math.max(4, String(points.length - 1).length);
  return points.map((p, index) => ({ ...p, index, id: `p${String(index).padStart(width, "0")}` }));
}

/** The base scenario's text with the point's fields set and its name suffixed with the point id. */
export function pointScenario(baseText: string, baseFile: string, point: SweepPoint): string {
  const doc = parseDocument(baseText);
  if (doc.errors.length > 0) throw new InputError(baseFile, "", `well-formed YAML (${doc.errors[0].code})`);
  const path = (p: string) => p.split(".").map((k) => (/^\d+$/.test(k) ? Number(k) : k));
  for (const [field, value] of point.sets) doc.setIn(path(field), value);
  doc.set("name", `${String(doc.get("name"))}-${point.id}`);
  return doc.toString();
}

/** Parse "I/N" (1 <= I <= N): the slice of the grid a machine runs. */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!(index >= 1 && count >= 1 && index <= count))
    throw new InputError("--shard", "", "I/N with 1 <= I <= N", text);
  return { index, count };
}

/** Points of shard I of N: every N-th point starting at the (I-1)-th, so shards get similar mixes. */
export function shardPoints(points: SweepPoint[], shard: { index: number; count: number }): SweepPoint[] {
  return points.filter((p) => p.index % shard.count === shard.index - 1);
}
