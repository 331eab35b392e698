/** Sweep points over a pool of worker threads (cli/commands/sweep-worker.ts); the first failure stops the pool. */
import { Worker } from "node:worker_threads";
import { InputError } from "../../sim/input-error.ts";
import { progress } from "../progress.ts";
import type { PointReply, PointTask } from "../commands/sweep-worker.ts";

export interface Pool {
  /** Runs every task (made when a thread is free: a point's scenario text is built just in time). */
  done: Promise<void>;
  /** Ends every thread now (on an interrupt). */
  stop(): Promise<void>;
}

export function runPool(
  count: number,
  task: (k: number) => PointTask,
  threads: number,
  json: boolean,
  /** How a message names point `id` (what the grid set there, say). */
  describe: (id: string) => string = (id) => `sweep point ${id}`,
): Pool {
  const bar = progress("sweep", count, { json });
  let next = 0;
  const workers = new Set<Worker>();
  // `--import tsx` in a worker's execArgv does not reach its entry module on Node 20: register tsx first.
  const worker = new URL("../commands/sweep-worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`;
  const stop = async () => {
    next = count;
    await Promise.all([...workers].map((w) => w.terminate()));
  };
  const one = () =>
    new Promise<void>((done, fail) => {
      const thread = new Worker(bootstrap, { eval: true });
      workers.add(thread);
      const give = () => {
        if (next >= count) {
          workers.delete(thread);
          void thread.terminate().then(() => done());
          return;
        }
        try {
          thread.postMessage(task(next++));
        } catch (error) {
          void stop().then(() => fail(error));
        }
      };
      thread.on("message", (reply: PointReply) => {
        if (!reply.ok) {
          void stop();
          fail(
            reply.badInput ? new InputError(describe(reply.id), "", reply.message) : new Error(reply.message),
          );
          return;
        }
        bar.tick();
        give();
      });
      thread.on("error", fail);
      give();
    });
  const done = Promise.all(Array.from({ length: Math.min(threads, count) }, one))
    .then(() => undefined)
    .finally(() => bar.stop());
  return { done, stop };
}
