/**
 * One shape of `npm run bench:core`, run in a fresh Node process per shape (argv[2]) so the JIT compiles our
 * engine for that shape alone, not with type feedback left by the shapes run before it. colloc and simjs
 * alternate run by run, so a slow spell of the shared machine hits both. Prints one JSON line: model events
 * per CPU second for each engine, the best of REPEATS runs after one warm-up run each. No forced garbage
 * collection between runs: a full collection drops the optimized code (it holds weak references to the last
 * run's objects), so each run would then measure recompiling rather than the engine (about half the rate).
 */
import * as colloc from "./core_colloc.ts";
import { SHAPES, eventsOf, type ShapeName } from "./core_shapes.ts";
import * as simjs from "./core_simjs.ts";

const REPEATS = 7;

const shape = process.argv[2] as ShapeName;
if (!(shape in SHAPES))
  throw new Error(`unknown shape ${shape}; expected one of ${Object.keys(SHAPES).join(", ")}`);

/** Model events per CPU second (user + system, all threads: GC work counts against the engine that caused it). */
function rate(run: () => number): number {
  const start = process.cpuUsage();
  const events = run();
  const used = process.cpuUsage(start);
  // Every engine must do the same work for the rates to compare.
  if (events !== eventsOf(shape))
    throw new Error(`${shape}: counted ${events} events, expected ${eventsOf(shape)}`);
  return events / ((used.user + used.system) / 1e6);
}

const engines = { colloc: colloc[shape], simjs: simjs[shape] };
const best = { colloc: 0, simjs: 0 };
for (const run of Object.values(engines)) run(); // warm-up: let the JIT compile the hot paths
for (let i = 0; i < REPEATS; i++) {
  for (const name of ["colloc", "simjs"] as const) best[name] = Math.max(best[name], rate(engines[name]));
}
console.log(JSON.stringify(best));
