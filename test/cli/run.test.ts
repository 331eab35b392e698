import test from "ava";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { stringify } from "yaml";
import { AUTO_BLEND_MAX_JOBS } from "../../cli/mps-model.ts";
import { colloc } from "./colloc.ts";
import { GPU } from "../cluster/fixtures.ts";
import { longBesideShort, mpsStream, scratch } from "./scratch.ts";

/** A scratch folder with the test calibration set and a Poisson-stream MPS scenario using it. */
function setup(overrides: Record<string, unknown> = {}) {
  const { dir, calibration } = scratch("colloc-cli-run-");
  const scenario = {
    name: "mps-stream",
    seed: 7,
    ...mpsStream(calibration, {
      gpus: 3,
      count: 60,
      ratePerHour: 120,
      mix: { small: 3, large: 1 },
      maxIterations: 2000,
    }),
    scheduler: { policy: "mps-pack", params: { max_co_runners: 3 } },
    ...overrides,
  };
  const file = join(dir, "scenario.yaml");
  writeFileSync(file, stringify(scenario));
  return { dir, file };
}

/** The same scenario run twice (the second with --json), concurrently. */
const twice = (async () => {
  const { dir, file } = setup();
  const [first, second] = await Promise.all([
    colloc("run", file, "--out", join(dir, "a")),
    colloc("run", file, "--out", join(dir, "b"), "--json"),
  ]);
  return { dir, first, second };
})();

test("run writes the tables, the summary and the charts; two runs are byte-identical", async (t) => {
  const { dir, first, second } = await twice;
  t.is(first.code, 0, first.stderr);
  t.is(second.code, 0, second.stderr);
  const names = readdirSync(join(dir, "a")).sort();
  for (const name of [
    "jobs.arrow",
    "gpu-timeline.arrow",
    "events.arrow",
    "summary.json",
    "chart-completion-cdf.vl.json",
    "chart-completion-cdf.svg",
  ])
    t.true(names.includes(name), name);
  t.deepEqual(readdirSync(join(dir, "b")).sort(), names);
  for (const name of names)
    t.true(readFileSync(join(dir, "a", name)).equals(readFileSync(join(dir, "b", name))), name);
});

test("the jobs table and the summary agree with each other and with the stream", async (t) => {
  const { dir } = await twice;
  const jobs = tableFromIPC(readFileSync(join(dir, "a", "jobs.arrow")));
  t.is(jobs.numRows, 60);
  const summary = JSON.parse(readFileSync(join(dir, "a", "summary.json"), "utf8"));
  t.is(summary.jobs.finished, 60);
  // Every job waits at least 0 and never beats running alone.
  for (const row of jobs.toArray()) {
    t.true(row.wait_s >= 0);
    t.true(row.slowdown >= 1 - 1e-9);
  }
});

test("--json prints the summary", async (t) => {
  const { second } = await twice;
  const summary = JSON.parse(second.stdout);
  t.is(summary.name, "mps-stream");
  t.is(summary.policy, "mps-pack");
  t.is(summary.jobs.total, 60);
});

test("a policy that does not suit the GPUs' sharing mode is bad input: exit 2, nothing written", async (t) => {
  const { dir, file } = setup({ scheduler: { policy: "naive-pack" } });
  const run = await colloc("run", file, "--out", join(dir, "out"));
  t.is(run.code, 2);
  t.regex(
    run.stderr,
    /scenario\.yaml: hardware\.gpus\[\]\.sharing\.mode: expected naive for policy naive-pack/,
  );
  t.false(existsSync(join(dir, "out")));
});

test("bad policy parameters name the field and quote the value", async (t) => {
  const { dir, file } = setup({ scheduler: { policy: "mps-pack", params: { max_co_runners: 0 } } });
  const run = await colloc("run", file, "--out", join(dir, "out"));
  t.is(run.code, 2);
  t.regex(run.stderr, /scheduler\.params\.max_co_runners: expected a number >= 1, got 0\n$/);
  const quoted = setup({ scheduler: { policy: "mps-pack", params: { memory_check: "false" } } });
  const text = await colloc("run", quoted.file, "--out", join(quoted.dir, "out"));
  t.is(text.code, 2);
  t.regex(text.stderr, /scheduler\.params\.memory_check: expected a boolean, got "false"\n$/);
});

test("a rerun into a folder holding an earlier run and its report replaces both; other files stop it", async (t) => {
  const { dir, file } = setup();
  const out = join(dir, "again");
  t.is((await colloc("run", file, "--out", out)).code, 0);
  t.is((await colloc("report", out)).code, 0);
  const rerun = await colloc("run", file, "--out", out);
  t.is(rerun.code, 0, rerun.stderr);
  t.false(existsSync(join(out, "report.html")), "the report of the earlier results is gone with them");
  // The same scenario without charts or events: an earlier output with more files is still replaced whole.
  const lean = join(dir, "lean.yaml");
  writeFileSync(lean, readFileSync(file, "utf8") + "output: { charts: false, events: false }\n");
  const leaner = await colloc("run", lean, "--out", out);
  t.is(leaner.code, 0, leaner.stderr);
  t.false(readdirSync(out).some((name) => name.startsWith("chart-") || name === "events.arrow"));
  writeFileSync(join(out, "notes.txt"), "mine");
  const refused = await colloc("run", file, "--out", out);
  t.is(refused.code, 2);
  t.regex(
    refused.stderr,
    /expected a new folder or an earlier output of the same command, got \["notes\.txt"\]/,
  );
});

test("a scenario's calibration folder and trace are found beside the scenario, wherever colloc runs", async (t) => {
  const { dir } = scratch("colloc-cli-paths-");
  mkdirSync(join(dir, "studies"));
  writeFileSync(
    join(dir, "studies", "jobs.csv"),
    "id,arrival_s,workload,iterations\nj1,0,small,50\nj2,5,large,20\n",
  );
  const scenario = {
    name: "relative",
    seed: 1,
    calibration: "../cal", // the test set scratch() wrote beside studies/
    hardware: { gpus: [{ gpu: GPU, sharing: { mode: "exclusive" } }] },
    jobs: { trace: { format: "csv", path: "jobs.csv" } },
  };
  const file = join(dir, "studies", "relative.yaml");
  writeFileSync(file, stringify(scenario));
  // The test runs from the checkout: neither ../cal nor jobs.csv exists relative to it.
  const run = await colloc("run", file, "--out", join(dir, "out"), "--json");
  t.is(run.code, 0, run.stderr);
  const summary = JSON.parse(run.stdout);
  t.is(summary.jobs.finished, 2);
  t.is(summary.calibration, "../cal", "the summary names the set as the scenario does");
  writeFileSync(file, stringify({ ...scenario, calibration: "./no-such-set" }));
  const missing = await colloc("run", file, "--out", join(dir, "out2"));
  t.is(missing.code, 2);
  t.regex(
    missing.stderr,
    /relative\.yaml: calibration \(line 3\): expected a calibration set: .* \(.*studies\/no-such-set: no set there\), got "\.\/no-such-set"/,
  );
});

test("a scenario name is a name, never a path: nothing is written outside results/", async (t) => {
  const { dir, file } = setup({ name: "../../escaped" });
  const run = await new Promise<{ code: number | null; stderr: string }>((done) => {
    const child = spawn(process.execPath, [join(process.cwd(), "bin/colloc.js"), "run", file], { cwd: dir });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("exit", (code) => done({ code, stderr }));
  });
  t.is(run.code, 2);
  t.regex(
    run.stderr,
    /scenario\.yaml: name \(line \d+\): expected a name of letters, digits.*got "\.\.\/\.\.\/escaped"/,
  );
  t.deepEqual(readdirSync(dir).sort(), ["cal", "scenario.yaml"]);
});

test("an output path that is a file is bad input naming it", async (t) => {
  const { dir, file } = setup();
  writeFileSync(join(dir, "taken"), "");
  const run = await colloc("run", file, "--out", join(dir, "taken"));
  t.is(run.code, 2);
  t.is(run.stderr, `colloc: ${join(dir, "taken")}: expected a folder (it is a file)\n`);
});

test("output into a closed pipe (colloc ... | head -1) ends quietly with exit 0", async (t) => {
  const child = spawn(process.execPath, ["bin/colloc.js", "gpus"], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.destroy(); // the reader is gone before the first line is written
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise((done) => child.on("exit", done));
  t.is(code, 0);
  t.is(stderr, "");
});

test("--mps-model replay replays MPS mixes from the set's kernel traces, blend leans on it beside long kernels; the summary names the model", async (t) => {
  const { dir } = scratch("colloc-cli-run-replay-");
  const file = longBesideShort(dir);
  const [fast, replayed, blended] = await Promise.all(
    ["fast", "replay", "blend"].map((model) =>
      colloc("run", file, "--json", "--mps-model", model, "--out", join(dir, model)),
    ),
  );
  t.is(replayed.code, 0, replayed.stderr);
  t.is(blended.code, 0, blended.stderr);
  const [f, r, b] = [fast, replayed, blended].map((x) => JSON.parse(x.stdout));
  t.deepEqual([f.mps_model, r.mps_model, b.mps_model], ["fast", "replay", "blend"]);
  t.is(r.jobs.finished, 2);
  // Only the pair's training phase is replayed (start-ups and a job alone keep the fast model): its times move.
  t.not(r.completion_s.p95, f.completion_s.p95);
  // convmixer_1536's kernels average 544 us, past the blend's ramp (rule G): the blend is the replay there.
  t.deepEqual(b.completion_s, r.completion_s);
});

test("--mps-model auto, the default, blends a few jobs on a set with kernel traces, else runs the fast model", async (t) => {
  const { dir } = scratch("colloc-cli-run-auto-");
  const run = (file: string, ...flags: string[]) =>
    colloc("run", file, "--json", "--out", join(dir, `out-${flags.join("-")}-${basename(file)}`), ...flags);
  const few = longBesideShort(dir);
  const many = longBesideShort(dir, AUTO_BLEND_MAX_JOBS / 2 + 1);
  const runs = await Promise.all([
    run(few),
    run(few, "--mps-model", "blend"),
    run(few, "--mps-model", "fast"),
    run(many),
    run(many, "--mps-model", "fast"),
    run(setup().file),
  ]);
  for (const r of runs) t.is(r.code, 0, r.stderr);
  const [auto, blend, fast, manyAuto, manyFast, untraced] = runs.map((x) => JSON.parse(x.stdout));
  t.deepEqual([auto.mps_model, manyAuto.mps_model, untraced.mps_model], ["blend", "fast", "fast"]);
  t.deepEqual(auto, blend);
  t.not(auto.completion_s.p95, fast.completion_s.p95);
  t.deepEqual(manyAuto, manyFast);
});

test("--mps-model replay needs a set with kernel traces, and the flag one of four names: else exit 2", async (t) => {
  const { file } = setup();
  const untraced = await colloc("run", file, "--mps-model", "replay");
  t.is(untraced.code, 2);
  t.regex(untraced.stderr, /kernel-traces\.arrow/);
  const other = await colloc("run", file, "--mps-model", "exact");
  t.is(other.code, 2);
  t.regex(other.stderr, /--mps-model: expected auto, fast, replay or blend, got "exact"/);
});

test("caveats: what the predictions rest on that validation found weaker go to stderr and into the summary", async (t) => {
  const { dir } = scratch("colloc-cli-run-caveats-");
  const file = join(dir, "scenario.yaml");
  writeFileSync(
    file,
    stringify({
      name: "caveats",
      seed: 1,
      calibration: "h200",
      hardware: { gpus: [{ gpu: GPU, sharing: { mode: "mps" } }] },
      jobs: {
        list: [
          { id: "a", arrival_s: 0, workload: "convnextnano-in-b128", iterations: 50 },
          { id: "b", arrival_s: 0, workload: "resnet18-in-b256", iterations: 50 },
        ],
      },
      scheduler: { policy: "mps-pack", params: { max_co_runners: 2 } },
    }),
  );
  const run = await colloc("run", file, "--out", join(dir, "out"), "--json");
  t.is(run.code, 0, run.stderr);
  const summary = JSON.parse(run.stdout) as { caveats: string[] };
  // convnext_nano's probe kept 517 kernels a step against 2,267 alone; resnet18's kept its own.
  t.is(summary.caveats.length, 1);
  t.regex(
    summary.caveats[0],
    /^convnextnano-in-b128: its started-together probe kept other cuDNN algorithms/,
  );
  t.is(run.stderr, summary.caveats.map((c) => `caveat: ${c}\n`).join(""));
});

test("a custom workload drawing more than the GPU's power limit is bad input naming its field", async (t) => {
  const { dir, file } = setup({
    workloads: { hot: { extends: "small", power_w: 1e308 } },
    jobs: { list: [{ id: "j1", arrival_s: 0, workload: "hot", iterations: 10 }] },
  });
  const run = await colloc("run", file, "--out", join(dir, "out"));
  t.is(run.code, 2);
  t.regex(
    run.stderr,
    /scenario\.yaml: workloads\.hot\.power_w .*expected at most the GPU's power limit, \d+ W, got 1e\+308/,
  );
  t.false(existsSync(join(dir, "out")));
});

test("colloc help run prints run's own help, as run --help does", async (t) => {
  const [help, flag] = await Promise.all([colloc("help", "run"), colloc("run", "--help")]);
  t.is(help.code, 0);
  t.regex(help.stdout, /^Usage: colloc run \[options\] <scenario>/);
  t.regex(help.stdout, /--out/);
  t.is(help.stdout, flag.stdout);
});
