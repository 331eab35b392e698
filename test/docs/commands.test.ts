/**
 * Every shell command in README.md and docs/*.md runs as written: from a folder that looks like a fresh checkout
 * (links to this one, and `colloc` on PATH as once installed), one document after another in that one folder,
 * each command with the exit status its `# exit N` comment gives (else 0). A `$ ` transcript's output must be
 * what the command prints (a `...` line stands for any lines; npm's banner before a script's output aside).
 * Commands that cannot run here are in COVERED, each with the test that runs the same thing; a code block
 * labelled `<!-- file: PATH -->` must be that file of the repository, and one labelled `<!-- run: tsx -->` runs.
 */
import test from "ava";
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { checkoutLinks } from "../cli/scratch.ts";
import { blocks, commandsOf } from "./shell-blocks.ts";

const run = promisify(execFile);
const DOCS = ["README.md", ...readdirSync("docs").filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/**
 * Commands this test does not run, and what runs them instead: a test (file and title, or pytest function)
 * that runs the same command path, or CI itself.
 */
const COVERED: Record<string, { by: string; title?: string }> = {
  "npm ci": { by: ".ci/run", title: "npm ci --no-audit --no-fund" },
  "bash .ci/run": { by: ".ci/run", title: "npm test" },
  // The fuzzer's long runs: CI runs 1,000 cases itself; the others are the same program on more cases.
  "npm run fuzz -- --cases 1000": { by: ".ci/run", title: "npm run fuzz -- --cases 1000 --seed 1" },
  "npm run fuzz -- --cases 10000 --seed 1": { by: ".ci/run", title: "npm run fuzz -- --cases 1000 --seed 1" },
  "npm run fuzz -- --cases 300 --only 'merge-|ingest-'": {
    by: ".ci/run",
    title: "npm run fuzz -- --cases 1000 --seed 1",
  },
  // Serving runs until Ctrl-C: the explore tests start it, load the page and stop it.
  "npm run colloc -- explore": {
    by: "test/cli/explore.test.ts",
    title: "served on the loopback interface until stopped; a port in use exits 2",
  },
  "npm run colloc -- explore --set a100 --port 0": {
    by: "test/cli/explore.test.ts",
    title: "served on the loopback interface until stopped; a port in use exits 2",
  },
  // The profiler needs a GPU host with PyTorch; its tests run the same commands on the fake host.
  "python -m profiler probe": {
    by: "profiler/tests/test_probe.py",
    title: "test_probe_describes_the_gpu_the_software_and_what_the_host_can_do",
  },
  "python -m profiler run --mode exclusive --workloads resnet50-i64-b128 --trace-iters 2 --out my-runs": {
    by: "profiler/tests/test_run_format.py",
    title: "test_a_naive_run_writes_schema_valid_streams_and_a_complete_manifest",
  },
  "python -m profiler run --mode mps --workloads resnet26-c10-b128 --copies 3 --out my-runs": {
    by: "profiler/tests/test_mps.py",
    title: "test_an_mps_run_starts_and_stops_its_daemon",
  },
  "python -m profiler plan profiler/plans/h200-dataset.yaml --out my-runs": {
    by: "profiler/tests/test_session.py",
    title: "test_a_rerun_skips_complete_runs_and_redoes_unfinished_ones",
  },
  "python -m profiler replay scenarios/replays/replay-mps-5jobs.yaml": {
    by: "profiler/tests/test_replay.py",
    title: "test_a_replay_records_every_job",
  },
  "python -m profiler replay scenarios/calibration/startup-h200.yaml --calibration --out my-runs": {
    by: "profiler/tests/test_replay.py",
    title: "test_a_replay_for_calibration_is_not_in_the_validation_subset",
  },
  "python -m profiler replay scenarios/calibration/startup-naive-busy-h200.yaml --calibration --out my-runs": {
    by: "profiler/tests/test_replay.py",
    title: "test_a_replay_for_calibration_is_not_in_the_validation_subset",
  },
  // The profiler needs a GPU host with PyTorch: README's "Profile your own GPU" runs as written on the fake host.
  ...Object.fromEntries(
    [
      "python -m profiler characterize --spec my-models.yaml --out my-runs",
      "colloc ingest my-runs --out my-runs-tables",
      "colloc calibrate my-runs-tables --base h200 --out my-runs-set",
      "colloc run my-runs/characterized.yaml --out my-runs-results",
    ].map((command) => [
      command,
      { by: "test/cli/own-model.test.ts", title: "README's Profile your own GPU runs as written on the fake GPU" },
    ]),
  ),
};

/** `a && b` where one part is COVERED: the parts run (or are covered) one by one. */
const parts = (command: string) => command.split(" && ");

/** Shown lines against printed ones: equal in order, a `...` line matching any number of lines. */
function matches(shown: string[], printed: string[]): boolean {
  if (shown.length === 0) return printed.length === 0;
  if (shown[0].trim() === "...") return printed.some((_, i) => matches(shown.slice(1), printed.slice(i))) || matches(shown.slice(1), []);
  return printed.length > 0 && shown[0].trimEnd() === printed[0].trimEnd() && matches(shown.slice(1), printed.slice(1));
}

/**
 * What a command printed, as the doc shows it: without npm's banner before a script's output (a blank line,
 * `> pkg@version script`, `> command`, a blank line) and without blank lines at the ends.
 */
function asShown(lines: string[]): string[] {
  let start = 0;
  while (start < lines.length && (lines[start] === "" || lines[start].startsWith("> "))) start++;
  let end = lines.length;
  while (end > start && lines[end - 1].trim() === "") end--;
  return lines.slice(start, end);
}

const folder = checkoutLinks("colloc-docs-");
const bin = join(folder, ".bin");
mkdirSync(bin);
writeFileSync(join(bin, "colloc"), `#!/bin/sh\nexec "${process.execPath}" "${resolve("bin/colloc.js")}" "$@"\n`);
chmodSync(join(bin, "colloc"), 0o755);
const env = { ...process.env, PATH: `${bin}:${resolve("node_modules/.bin")}:${process.env.PATH}`, NO_COLOR: "1" };

async function shell(command: string): Promise<{ code: number; out: string[] }> {
  try {
    const { stdout, stderr } = await run("bash", ["-c", command], { cwd: folder, env, maxBuffer: 1 << 26 });
    return { code: 0, out: (stdout + stderr).split("\n") };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : -1, out: `${e.stdout ?? ""}${e.stderr ?? ""}`.split("\n") };
  }
}

test("every command a COVERED entry names is covered by a test that exists", (t) => {
  for (const [command, { by, title }] of Object.entries(COVERED)) {
    t.true(existsSync(by), `${command}: ${by} exists`);
    if (title) t.true(readFileSync(by, "utf8").includes(title), `${command}: ${by} has ${title}`);
  }
});

test("every `npm run SCRIPT` in README.md and docs names a script of package.json", (t) => {
  const scripts = Object.keys((JSON.parse(readFileSync("package.json", "utf8")) as { scripts: object }).scripts);
  for (const doc of DOCS)
    for (const [, script] of readFileSync(doc, "utf8").matchAll(/npm run ([\w:-]+)/g))
      t.true(scripts.includes(script), `${doc}: npm run ${script}`);
});

test("every code block labelled as a repository file is that file", (t) => {
  for (const doc of DOCS)
    for (const { label, body } of blocks(readFileSync(doc, "utf8"))) {
      const path = /^file: (.+)$/.exec(label ?? "")?.[1];
      if (path && existsSync(path)) t.is(body, readFileSync(path, "utf8"), `${doc}: ${path}`);
    }
});

for (const doc of DOCS) {
  const text = readFileSync(doc, "utf8");
  const commands = commandsOf(doc, text);
  const tsx = blocks(text).filter((b) => b.label === "run: tsx");
  if (commands.length === 0 && tsx.length === 0) continue;
  // In document order, README first, in one folder: later documents use what earlier ones wrote.
  test.serial(`${doc}: every command runs as written`, async (t) => {
    t.timeout(600_000);
    for (const { command, exit, output } of commands) {
      for (const part of parts(command)) {
        if (COVERED[part]) continue;
        const ran = await shell(part);
        t.is(ran.code, exit, `${doc}: ${part}\n${ran.out.slice(-20).join("\n")}`);
        if (output) t.true(matches(output, asShown(ran.out)), `${doc}: ${part} printed:\n${ran.out.join("\n")}`);
      }
    }
    for (const [i, { body }] of tsx.entries()) {
      const file = join(folder, `example-${i + 1}.ts`);
      writeFileSync(file, body);
      const ran = await shell(`npx tsx ${file}`);
      t.is(ran.code, 0, `${doc}: TypeScript example ${i + 1}\n${ran.out.join("\n")}`);
    }
  });
}
