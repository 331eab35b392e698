import test from "ava";
import { tableFromIPC } from "apache-arrow";
import { simulate } from "../../sim/cluster/engine.ts";
import { runFiles } from "../../sim/cluster/results.ts";
import { packedPairInput, tinyShare } from "./fixtures.ts";

test("the same run gives the same bytes, even after other tables were built in the process", (t) => {
  const first = runFiles(simulate(packedPairInput(), { share: tinyShare })).files;
  const second = runFiles(simulate(packedPairInput(), { share: tinyShare })).files;
  t.deepEqual([...second.keys()], [...first.keys()]);
  for (const [name, bytes] of first) t.deepEqual(second.get(name), bytes, name);
});

test("the jobs table holds one row per job with its times and outcome", (t) => {
  const files = runFiles(simulate(packedPairInput(), { share: tinyShare })).files;
  const jobs = tableFromIPC(files.get("jobs.arrow") as Uint8Array).toArray();
  t.deepEqual(
    jobs.map((r) => [r.job, r.start_s, r.finish_s, r.outcome, r.last_gpu]),
    // a and b share GPU 0 at half speed until b ends at 100 s; c has GPU 1 to itself (10 steps of 2 s).
    [
      ["a", 0, 150, "finished", "gpu-0"],
      ["b", 0, 100, "finished", "gpu-0"],
      ["c", 10, 30, "finished", "gpu-1"],
    ],
  );
  // b: 50 steps of 1 s alone, done in 100 s.
  t.is(jobs[1].slowdown, 2);
});

test("the events table tells each job's story in time order", (t) => {
  const files = runFiles(simulate(packedPairInput(), { share: tinyShare })).files;
  const events = tableFromIPC(files.get("events.arrow") as Uint8Array).toArray();
  t.deepEqual(
    events.filter((e) => e.job === "c").map((e) => [e.time_s, e.kind, e.gpu]),
    [
      [10, "arrive", null],
      [10, "start", "gpu-1"],
      [30, "finish", "gpu-1"],
    ],
  );
});

test("the GPU timeline has a row per change with the energy used so far", (t) => {
  const files = runFiles(simulate(packedPairInput(), { share: tinyShare })).files;
  const rows = tableFromIPC(files.get("gpu-timeline.arrow") as Uint8Array)
    .toArray()
    .filter((r) => r.gpu === "gpu-1");
  // GPU 1: idle (tinyShare: 100 W) until c starts at 10 s, 200 W until it ends at 30 s.
  t.deepEqual(
    rows.map((r) => [r.time_s, r.jobs, r.power_w, r.energy_j]),
    [
      [0, 0, 100, 0],
      [10, 1, 200, 1000],
      [30, 0, 100, 5000],
    ],
  );
});
