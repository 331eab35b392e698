/**
 * `npm run bench:core`: the event core against simjs (npm) and SimPy 3 on three shapes (see core_shapes.ts),
 * then the memory one million pending events take. Prints a table, then one JSON line.
 *
 * Speed is model events per CPU second of the engine's process, the best of several runs (JavaScript: 7
 * after one warm-up run, in a fresh process per shape, see core_measure.ts; SimPy: 3), measured the same way
 * for all three engines; CPU time rather than wall time, and the best run, because the machine is shared and
 * other jobs would otherwise decide the numbers.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { formatTable } from "../cli/table.ts";
import { SHAPES, type ShapeName } from "./core_shapes.ts";

const SIMPY_REPEATS = 3; // each SimPy run takes seconds
const PYTHON = "/usr/bin/python3";
const shapes = Object.keys(SHAPES) as ShapeName[];
type Rates = Record<ShapeName, number>;

/** Run a helper script and parse the JSON line it prints last. */
function runJson<T>(command: string, args: string[]): T {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1) as string) as T;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const measure = (name: string) =>
  runJson<{ colloc: number; simjs?: number }>(process.execPath, [
    "--import",
    "tsx",
    here("core_measure.ts"),
    name,
  ]);
const ours = {} as Rates;
const theirs = {} as Rates;
for (const shape of shapes) {
  const rates = measure(shape);
  ours[shape] = rates.colloc;
  theirs[shape] = rates.simjs as number;
}
// M/M/1 above is written with callbacks, as simjs's is; this one with processes, as SimPy's is.
const mm1Processes = measure("mm1-processes").colloc;
const simpy = runJson<Rates>(PYTHON, [here("simpy_core.py"), JSON.stringify(SHAPES), String(SIMPY_REPEATS)]);
const pending = runJson<{ megabytes: number }>(process.execPath, [
  "--expose-gc",
  "--import",
  "tsx",
  here("core_pending.ts"),
]);

/** Each ratio compares like with like: colloc/simjs callbacks to callbacks, colloc/SimPy processes to processes. */
const ratios = Object.fromEntries(
  shapes.map((shape) => {
    const againstSimpy = shape === "mm1" ? mm1Processes : ours[shape];
    return [shape, { simjs: ours[shape] / theirs[shape], simpy: againstSimpy / simpy[shape] }];
  }),
) as Record<ShapeName, { simjs: number; simpy: number }>;

const millions = (rate: number) => Math.round(rate / 1e4) / 100;
const times = (ratio: number) => `${ratio.toFixed(1)}x`;
const rows = shapes.map((shape) => [
  shape === "mm1" ? "mm1 (callbacks)" : shape,
  millions(ours[shape]),
  millions(theirs[shape]),
  shape === "mm1" ? "" : millions(simpy[shape]),
  times(ratios[shape].simjs),
  shape === "mm1" ? "" : times(ratios[shape].simpy),
]);
rows.push(["mm1 (processes)", millions(mm1Processes), "", millions(simpy.mm1), "", times(ratios.mm1.simpy)]);
process.stdout.write(
  formatTable(
    ["shape", "colloc M ev/s", "simjs M ev/s", "SimPy M ev/s", "colloc/simjs", "colloc/SimPy"],
    rows,
  ),
);
process.stdout.write(
  "simjs has no processes: its generators shape is timer chains, its M/M/1 callbacks like colloc's mm1 (callbacks).\n",
);
process.stdout.write(`one million pending events: ${pending.megabytes.toFixed(1)} MB\n`);

const round2 = (ratio: number) => Math.round(ratio * 100) / 100;
const eventsPerSecond: Record<string, Record<string, number>> = Object.fromEntries(
  shapes.map((shape) => [
    shape,
    { colloc: Math.round(ours[shape]), simjs: Math.round(theirs[shape]), simpy: Math.round(simpy[shape]) },
  ]),
);
eventsPerSecond.mm1 = { ...eventsPerSecond.mm1, collocProcesses: Math.round(mm1Processes) };
const ratioJson = Object.fromEntries(
  shapes.map((shape) => [shape, { simjs: round2(ratios[shape].simjs), simpy: round2(ratios[shape].simpy) }]),
);
const pendingMillionMB = Math.round(pending.megabytes * 10) / 10;
process.stdout.write(
  `${JSON.stringify({ bench: "core", eventsPerSecond, ratios: ratioJson, pendingMillionMB })}\n`,
);
