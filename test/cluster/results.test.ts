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
      [10, "progress", "gpu-1"],
      [30, "finish", "gpu-1"],
    ],
  );
});

test("progress events give a job's steps done and its rate from then on at every rate change", (t) => {
  const run = simulate(packedPairInput(), { share: tinyShare });
  const events = tableFromIPC(runFiles(run).files.get("events.arrow") as Uint8Array).toArray();
  const batch = run.profiles[run.workloadIds.indexOf("small")].batch;
  // a shares GPU 0 with b at half its solo rate (1 step/s alone) until b ends at 100 s, then runs alone.
  t.deepEqual(
    events
      .filter((e) => e.job === "a" && e.kind === "progress")
      .map((e) => [e.time_s, e.steps_done, e.rate_img_per_s]),
    [
      [0, 0, batch],
      [0, 0, batch / 2],
      [100, 50, batch],
    ],
  );
  t.true(events.filter((e) => e.kind !== "progress").every((e) => Number.isNaN(e.steps_done)));
});

test("per job: start-up, training time, its rate while training and the SMs it could use", (t) => {
  const run = simulate(packedPairInput(), { share: tinyShare });
  const files = runFiles(run).files;
  const jobs = tableFromIPC(files.get("jobs.arrow") as Uint8Array).toArray();
  const batch = (w: string) => run.profiles[run.workloadIds.indexOf(w)].batch;
  // No start-up phase: training runs from start to finish; a ran 100 steps in 150 s, c 10 steps in 20 s.
  t.deepEqual(
    jobs.map((r) => [r.job, r.startup_s, r.train_s, r.train_img_per_s, r.sm_limit]),
    [
      ["a", 0, 150, (100 * batch("small")) / 150, 132],
      ["b", 0, 100, (50 * batch("small")) / 100, 132],
      ["c", 0, 20, (10 * batch("large")) / 20, 132],
    ],
  );
  const summary = JSON.parse(files.get("summary.json") as string);
  t.deepEqual(summary.train_s, { mean: 90, p50: 100, p95: 145, p99: 149 });
  t.is(summary.sm_limit.mean, 132);
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

test("counts and byte amounts are integer columns, and every column with a unit says it in its metadata", (t) => {
  const files = runFiles(simulate(packedPairInput(), { share: tinyShare })).files;
  const schema = (name: string) => tableFromIPC(files.get(name) as Uint8Array).schema.fields;
  const types = (name: string) => Object.fromEntries(schema(name).map((f) => [f.name, String(f.type)]));
  const units = (name: string) =>
    Object.fromEntries(
      schema(name).flatMap((f) => (f.metadata.has("unit") ? [[f.name, f.metadata.get("unit")]] : [])),
    );
  t.like(types("jobs.arrow"), { gpus: "Int32", steps: "Int64", ooms: "Int32", arrival_s: "Float64" });
  t.like(types("gpu-timeline.arrow"), { jobs: "Int32", memory_bytes: "Int64" });
  t.like(types("events.arrow"), { device: "Int32" });
  t.deepEqual(units("gpu-timeline.arrow"), {
    time_s: "s",
    utilization: "fraction (0-1)",
    sm_activity: "fraction (0-1)",
    memory_bytes: "bytes",
    power_w: "W",
    energy_j: "J",
  });
  t.like(units("jobs.arrow"), {
    completion_s: "s",
    train_s: "s",
    slowdown: "ratio",
    epochs_per_hour: "/h",
    train_img_per_s: "images/s",
    sm_limit: "SMs",
  });
  t.like(types("jobs.arrow"), { sm_limit: "Int32" });
  t.like(units("events.arrow"), { rate_img_per_s: "images/s" });
  t.is(units("events.arrow").steps_done, undefined);
  t.is(units("jobs.arrow").steps, undefined);
  // tinyShare admits the two 10 GB jobs a and b on GPU 0: whole bytes, as int64 (bigint in JS).
  const timeline = tableFromIPC(files.get("gpu-timeline.arrow") as Uint8Array).toArray();
  t.deepEqual(
    timeline.filter((r) => r.gpu === "gpu-0").map((r) => [r.time_s, r.jobs, r.memory_bytes]),
    [
      [0, 0, 0n],
      [0, 1, 10_000_000_000n],
      [0, 2, 20_000_000_000n],
      [100, 1, 10_000_000_000n],
      [150, 0, 0n],
    ],
  );
});
