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
const ours = {} as Rates;
const theirs = {} as Rates;
for (const shape of shapes) {
  const rates = runJson<{ colloc: number; simjs: number }>(process.execPath, [
    "--import",
    "tsx",
    here("core_measure.ts"),
    shape,
  ]);
  ours[shape] = rates.colloc;
  theirs[shape] = rates.simjs;
}
const simpy = runJson<Rates>(PYTHON, [here("simpy_core.py"), JSON.stringify(SHAPES), String(SIMPY_REPEATS)]);
const pending = runJson<{ megabytes: number }>(process.execPath, [
  "--expose-gc",
  "--import",
  "tsx",
  here("core_pending.ts"),
]);

const millions = (rate: number) => Math.round(rate / 1e4) / 100;
const rows = shapes.map((shape) => [
  shape,
  millions(ours[shape]),
  millions(theirs[shape]),
  millions(simpy[shape]),
  `${(ours[shape] / theirs[shape]).toFixed(1)}x`,
  `${(ours[shape] / simpy[shape]).toFixed(1)}x`,
]);
process.stdout.write(
  formatTable(
    ["shape", "colloc M ev/s", "simjs M ev/s", "SimPy M ev/s", "colloc/simjs", "colloc/SimPy"],
    rows,
  ),
);
process.stdout.write(`one million pending events: ${pending.megabytes.toFixed(1)} MB\n`);

const eventsPerSecond = Object.fromEntries(
  shapes.map((shape) => [
    shape,
    { colloc: Math.round(ours[shape]), simjs: Math.round(theirs[shape]), simpy: Math.round(simpy[shape]) },
  ]),
);
const pendingMillionMB = Math.round(pending.megabytes * 10) / 10;
process.stdout.write(`${JSON.stringify({ bench: "core", eventsPerSecond, pendingMillionMB })}\n`);
