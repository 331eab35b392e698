/**
 * One shape of `npm run bench:core`, run in a fresh Node process per shape (argv[2]) so the JIT compiles our
 * engine for that shape alone, not with type feedback left by the shapes run before it. colloc and simjs
 * alternate run by run, so a slow spell of the shared machine hits both. Prints one JSON line: model events
 * per CPU second for each engine, the best of REPEATS runs after one warm-up run each. No forced garbage
 * collection between runs: a full collection drops the optimized code (it holds weak references to the last
 * run's objects), so each run would then measure recompiling rather than the engine (about half the rate).
 */
import * as colloc from "./core_colloc.ts";
import { eventsOf, type ShapeName } from "./core_shapes.ts";
import * as simjs from "./core_simjs.ts";

const REPEATS = 7;

/** What one fresh process measures: a shape's engines, by the name core.ts passes on argv[2]. */
const MEASUREMENTS = {
  callbacks: { shape: "callbacks", engines: { colloc: colloc.callbacks, simjs: simjs.callbacks } },
  generators: { shape: "generators", engines: { colloc: colloc.generators, simjs: simjs.generators } },
  mm1: { shape: "mm1", engines: { colloc: colloc.mm1, simjs: simjs.mm1 } },
  "mm1-processes": { shape: "mm1", engines: { colloc: colloc.mm1Processes } },
} satisfies Record<string, { shape: ShapeName; engines: Record<string, () => number> }>;

const name = process.argv[2] as keyof typeof MEASUREMENTS;
if (!(name in MEASUREMENTS))
  throw new Error(`unknown measurement ${name}; expected one of ${Object.keys(MEASUREMENTS).join(", ")}`);
const { shape, engines } = MEASUREMENTS[name] as { shape: ShapeName; engines: Record<string, () => number> };

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

const best: Record<string, number> = Object.fromEntries(Object.keys(engines).map((engine) => [engine, 0]));
for (const run of Object.values(engines)) run(); // warm-up: let the JIT compile the hot paths
for (let i = 0; i < REPEATS; i++) {
  for (const [engine, run] of Object.entries(engines)) best[engine] = Math.max(best[engine], rate(run));
}
console.log(JSON.stringify(best));
