/**
 * README's "Profile your own GPU", run as written: every command of the section's shell blocks, one after another,
 * from a folder that looks like a checkout, on the fake GPU (COLLOC_FAKE_GPU=1 named as an H200, the fake MPS
 * control binary, workloads of profiler/backends/fake_job.py in `my-models.yaml`): characterize, ingest,
 * calibrate --base h200, run. Then what each step must have left: the commands characterize prints are the
 * README's, the new set keeps h200's sharing parameters, the outputs give each job's start-up and training rate.
 */
import test from "ava";
import { tableFromIPC } from "apache-arrow";
import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { commandsOf } from "../docs/shell-blocks.ts";
import { checkoutLinks } from "./scratch.ts";

const run = promisify(execFile);
const section = readFileSync("README.md", "utf8").split("## Profile your own GPU\n")[1].split("\n## ")[0];
const commands = commandsOf("README.md", section).map((c) => c.command);

/** A fake model: 20-ms steps, 60 % of them scaling with SMs, a 0.3-s build, 3 GiB (it trains in 1.5). */
const SPEC = `settings: { warmup_s: 0.1, measure_s: 0.3, min_steps: 4 }
workloads:
  my-net:
    { kind: fake, model: fake, classes: 10, batch: 32, input: [3, 32, 32], dataset: fake, images_per_epoch: 3200,
      fake: { step_s: 0.02, parallel: 0.6, build_s: 0.3, mem_bytes: 3221225472, min_mem_bytes: 1610612736 } }
`;

const FAKE_CONTROL = `#!/bin/sh
# Fake nvidia-cuda-mps-control: -d starts, "quit" on stdin stops.
if [ "$1" = "-d" ]; then touch "$CUDA_MPS_PIPE_DIRECTORY/control"; exit 0; fi
read cmd; rm -f "$CUDA_MPS_PIPE_DIRECTORY/control"
`;

function fakeHost(): { folder: string; env: NodeJS.ProcessEnv } {
  const folder = checkoutLinks("colloc-own-model-");
  const bin = join(folder, ".bin");
  mkdirSync(bin);
  const script = (name: string, body: string) => {
    writeFileSync(join(bin, name), body);
    chmodSync(join(bin, name), 0o755);
  };
  script("colloc", `#!/bin/sh\nexec "${process.execPath}" "${resolve("bin/colloc.js")}" "$@"\n`);
  script("python", '#!/bin/sh\nexec python3 "$@"\n'); // the README's `python`, wherever only python3 is
  script("nvidia-cuda-mps-control", FAKE_CONTROL);
  writeFileSync(join(folder, "my-models.yaml"), SPEC);
  const env = {
    ...process.env,
    PATH: `${bin}:${process.env.PATH}`,
    COLLOC_FAKE_GPU: "1",
    COLLOC_FAKE_GPU_NAME: "NVIDIA H200",
    COLLOC_MPS_CONTROL: join(bin, "nvidia-cuda-mps-control"),
  };
  return { folder, env };
}

test("README's Profile your own GPU runs as written on the fake GPU", async (t) => {
  t.timeout(600_000);
  t.deepEqual(
    commands.map((c) => c.split(" ").slice(0, 3).join(" ")),
    [
      "python -m profiler",
      "colloc ingest my-runs",
      "colloc calibrate my-runs-tables",
      "colloc run my-runs/characterized.yaml",
    ],
  );
  const { folder, env } = fakeHost();
  const printed: string[] = [];
  for (const command of commands) {
    const ran = await run("bash", ["-c", command], { cwd: folder, env, maxBuffer: 1 << 26 }).catch(
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    t.false("code" in ran && ran.code !== 0, `${command}\n${ran.stdout}\n${ran.stderr}`);
    printed.push(ran.stdout);
  }

  // characterize: its estimate first, and last the very commands the README goes on with.
  const lines = printed[0].trimEnd().split("\n");
  t.regex(lines[1], /^expected device time: about \d+\.\d min \(\d+ s\)$/);
  t.deepEqual(
    lines.slice(-3).map((l) => l.trim()),
    commands.slice(1),
  );

  // calibrate --base h200: my-net added, h200's sharing parameters and workloads kept, and said so.
  const set = JSON.parse(readFileSync(join(folder, "my-runs-set/parameters.json"), "utf8"));
  const h200 = JSON.parse(readFileSync("calibration/data/h200/parameters.json", "utf8"));
  t.deepEqual(set.sharing, h200.sharing);
  t.is(set.provenance.base.set, "h200");
  t.deepEqual(Object.keys(set.workloads).sort(), [...Object.keys(h200.workloads), "my-net"].sort());
  const mine = set.workloads["my-net"];
  // Its step time averages its three solo runs' speeds (the traced one and two more, untraced).
  const solos = ["exclusive__my-net", "exclusive__my-net__r1", "exclusive__my-net__r2"].map(
    (r) => JSON.parse(readFileSync(join(folder, "my-runs", r, "procs.jsonl"), "utf8")).throughput_img_s / 32,
  );
  const meanSpeed = solos.reduce((s, x) => s + x, 0) / solos.length;
  t.true(Math.abs(mine.stepTimeS - 1 / meanSpeed) < 1e-9, "its step time is its solo runs' mean speed");
  t.true(mine.stepTimeS >= 0.02, "no faster than the fake's 20-ms sleep");
  t.deepEqual(mine.smScaling.sms, [16, 26, 32, 60, 64, 132]);
  t.true(mine.startupS > 0.3, "a start-up from the process launch: interpreter and the 0.3-s build");
  t.true(mine.minMemoryBytes < mine.memoryBytes, "the memory-cap search found it trains in less");

  // run: each job's start-up, training time and rate, the SMs it could use, and its progress over time.
  const results = join(folder, "my-runs-results");
  const jobs = tableFromIPC(readFileSync(join(results, "jobs.arrow"))).toArray();
  t.deepEqual(
    jobs.map((j) => j.job),
    ["my-net-1", "my-net-2"],
  );
  for (const j of jobs) {
    t.true(j.startup_s > 0 && Math.abs(j.startup_s + j.train_s - (j.finish_s - j.start_s)) < 1e-9);
    t.true(Math.abs(j.train_img_per_s - (300 * 32) / j.train_s) < 1e-6);
    t.is(j.sm_limit, 132);
  }
  const events = tableFromIPC(readFileSync(join(results, "events.arrow"))).toArray();
  for (const id of ["my-net-1", "my-net-2"]) {
    const progress = events.filter((e) => e.job === id && e.kind === "progress");
    t.true(progress.length >= 1 && progress[0].steps_done === 0, `${id} starts training at step 0`);
  }
});
