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
import { isMap } from "yaml";
import { z } from "zod";
import { InputError } from "../../input-error.ts";
import { LIMITS, limitText } from "../scenario/limits.ts";
import { parsePath, type PathKey } from "../scenario/field-path.ts";
import { lineOf, parseScenario } from "../scenario/parse.ts";
import { Scenario, ScenarioName } from "../scenario/schema.ts";
import { parseYaml } from "../scenario/yaml.ts";
import { firstIssue, issueToInputError } from "../scenario/zod-issue.ts";

// One message for the union: else a value no branch takes (.nan) is told the last branch's "expected a string".
const scalar = z.union([z.string(), z.number(), z.boolean()], {
  error: "a plain value: text, a finite number or true/false",
});
const Axis = z.union([
  z.strictObject({
    path: z.string().min(1),
    name: z.string().min(1).optional(),
    values: z.array(scalar).min(1),
  }),
  z.strictObject({ name: z.string().min(1), values: z.array(z.record(z.string().min(1), scalar)).min(1) }),
]);
export const SweepFile = z.strictObject({
  name: ScenarioName.optional(),
  base: z.string().min(1),
  axes: z.array(Axis).min(1),
  limits: z.strictObject({ points: z.int().positive().max(LIMITS.points.max).optional() }).optional(),
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

/** An axis path as keys: "hardware.gpus.0.sharing.mode" -> ["hardware", "gpus", 0, "sharing", "mode"]. */
const pathKeys = (p: string) => p.split(".").map((k) => (/^\d+$/.test(k) ? Number(k) : k));

/** Axis paths name fields: no empty keys ("a..b"), nothing but what a scenario field can be called. */
const FIELD_PATH = /^[\w$-]+(\.[\w$-]+)*$/;

export function parseSweep(text: string, file: string): SweepFile {
  const parsed = SweepFile.safeParse(parseYaml(text, file).value, { reportInput: true });
  if (!parsed.success) throw issueToInputError(file, parsed.error.issues[0]);
  const sweep = parsed.data;
  const names = sweep.axes.map((a) => a.name ?? ("path" in a ? a.path : ""));
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new InputError(file, "axes", "distinct axis names", twice);
  sweep.axes.forEach((axis, i) => {
    const paths = "path" in axis ? [axis.path] : axis.values.flatMap((v) => Object.keys(v));
    const bad = paths.find((p) => !FIELD_PATH.test(p));
    if (bad !== undefined)
      throw new InputError(file, `axes[${i}]`, "field paths like jobs.list.0.arrival_s", bad);
  });
  // Counted before the grid is built: 20 values on 8 axes are 2.6e10 points.
  const points = sweep.axes.reduce((n, a) => n * a.values.length, 1);
  const max = sweep.limits?.points ?? LIMITS.points.default;
  if (points > max) throw new InputError(file, "axes", `a grid of ${limitText("points", max)}`, points);
  return sweep;
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
  return points.map((p, index) => ({ ...p, index, id: pointId(index, points.length) }));
}

/** `p0000`, `p0001`, ...: the id of point `index` of a grid of `total` (wider ids past 10,000 points). */
export function pointId(index: number, total: number): string {
  const width = Math.max(4, String(total - 1).length);
  return `p${String(index).padStart(width, "0")}`;
}

/** The base scenario's text with the point's fields set and its name suffixed with the point id. */
export function pointScenario(baseText: string, baseFile: string, point: SweepPoint): string {
  const { doc } = parseYaml(baseText, baseFile);
  if (!isMap(doc.contents)) throw new InputError(baseFile, "", "a scenario (a YAML mapping)");
  for (const [field, value] of point.sets) {
    try {
      doc.setIn(pathKeys(field), value);
    } catch {
      // e.g. hardware.gpus.3.count when the base lists one GPU group, or a path through a plain value
      throw new InputError(
        baseFile,
        field,
        `a field the sweep can set in the base scenario (point ${point.id})`,
        value,
      );
    }
  }
  doc.set("name", `${String(doc.get("name"))}-${point.id}`);
  return doc.toString();
}

/** Parse "I/N" (1 <= I <= N): the slice of the grid a machine runs. */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  // More shards than a grid may have points would leave all but a few empty: N is held to the points' ceiling.
  const most = LIMITS.points.max;
  if (!(index >= 1 && count >= 1 && index <= count && count <= most))
    throw new InputError("--shard", "", `I/N with 1 <= I <= N <= ${most.toLocaleString("en")}`, text);
  return { index, count };
}

/** Points of shard I of N: every N-th point starting at the (I-1)-th, so shards get similar mixes. */
export function shardPoints(points: SweepPoint[], shard: { index: number; count: number }): SweepPoint[] {
  return points.filter((p) => p.index % shard.count === shard.index - 1);
}

/** Whether `at` is a strict ancestor of `keys` (any index stands for any other: setting [9] pads a list with nulls). */
const isAncestor = (at: PathKey[], keys: PathKey[]) =>
  at.length < keys.length &&
  at.every((k, j) => k === keys[j] || (typeof k === "number" && typeof keys[j] === "number"));

/**
 * The base scenario read as `colloc scenario check` reads a scenario (the same YAML reader, then the scenario
 * schema at the top): a file that is no scenario at all (malformed YAML, a duplicate key, a second document, a list,
 * a plain value) is the base's mistake, named by its file and line as `scenario check` names it. Its fields are
 * not checked here: a base may leave out what every point sets.
 */
function checkBase(baseText: string, baseFile: string): void {
  const { value } = parseYaml(baseText, baseFile);
  if (value !== null && typeof value === "object" && !Array.isArray(value)) return;
  const parsed = Scenario.safeParse(value, { reportInput: true });
  if (!parsed.success) throw issueToInputError(baseFile, firstIssue(parsed.error.issues));
}

/**
 * The sweep's field paths checked on its first point before any point runs: a path the base scenario has no field
 * for (setting it fails, or the scenario then fails at the path's parent) is the sweep file's mistake, named by its
 * axis and line; a bad value fails at the field itself, and the base's other mistakes elsewhere: those stay the
 * points' to report (a base may leave out what every point sets). A base that is no scenario at all is refused
 * first (`checkBase`): no path of it can be checked.
 */
export function checkPaths(
  sweep: SweepFile,
  sweepText: string,
  sweepFile: string,
  baseText: string,
  baseFile: string,
): void {
  checkBase(baseText, baseFile);
  const firstValues = sweep.axes.map((a) => ({ ...a, values: [a.values[0]] })) as SweepFile["axes"];
  const first = expandGrid({ ...sweep, axes: firstValues })[0];
  const wrongPath = (path: string, why: string) => {
    const i = sweep.axes.findIndex((a) =>
      "path" in a ? a.path === path : a.values.some((v) => Object.hasOwn(v, path)),
    );
    const field = "path" in sweep.axes[i] ? `axes[${i}].path` : `axes[${i}].values`;
    const { doc, lines } = parseYaml(sweepText, sweepFile);
    return new InputError(
      sweepFile,
      field + lineOf(doc, lines, parsePath(field)!),
      `a field path of the base scenario ${baseFile} (there: ${why})`,
      path,
    );
  };
  let text: string;
  try {
    text = pointScenario(baseText, baseFile, first);
  } catch (error) {
    // Setting failed: the path runs through a plain value or past a list's end. Any other error names no axis.
    if (error instanceof InputError && first.sets.some(([path]) => path === error.field))
      throw wrongPath(error.field, error.expected);
    throw error;
  }
  try {
    parseScenario(text, baseFile);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const at = parsePath(error.field.replace(/ \(line \d+\)$/, ""));
    const bad = at && first.sets.find(([path]) => isAncestor(at, pathKeys(path)));
    if (bad) throw wrongPath(bad[0], error.expected);
  }
}
