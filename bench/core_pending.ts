/**
 * Memory held by one million pending events: schedules that many timeouts (Event objects, the heavier kind
 * of entry) without running them and prints the growth of V8's heap plus array buffers (where the heap's
 * typed arrays live), in MB of 2^20 bytes, after full garbage collections. Run with --expose-gc.
 */
import { Simulation } from "../sim/core/index.ts";

const PENDING = 1_000_000;

function used(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with node --expose-gc");
  gc();
  gc();
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
}

const before = used();
const sim = new Simulation();
for (let i = 0; i < PENDING; i++) sim.timeout(1 + (i % 1000));
const after = used();
if (sim.peek() !== 1) throw new Error("events were lost");
console.log(JSON.stringify({ pending: PENDING, megabytes: (after - before) / 2 ** 20 }));
