/**
 * `npm run fuzz -- --cases N [--seed S] [--jobs P] [--only KIND] [--case K]`: a seeded fuzzer of colloc's
 * inputs (docs/fuzzing.md). Case K of seed S is always the same mutation of the shipped scenarios, traces,
 * grids, shards or run folders; each runs through the real CLI entry in a pool of child processes, within a
 * time bound, in a folder of its own. Fails (exit 1) on any exit other than 0 or 2, internal error text, a hang,
 * a native crash, bad input accepted, a secret or control character printed, a file written outside the case's
 * folder, or a refused command that left its output behind. Prints a table per kind, then one JSON line.
 */
import { Command } from "commander";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { formatTable } from "../cli/table.ts";
import type { CaseSpec, Fixtures, Kind, Workspace } from "./case.ts";
import { classify, FAILURES, type Checked, type Verdict } from "./classify.ts";
import { loadCorpus, REPO } from "./corpus.ts";
import { FILE_KINDS, smallGridFiles } from "./file-kinds.ts";
import { Runner } from "./pool.ts";
import { SCENARIO_KINDS } from "./scenario-kinds.ts";
import { Dice } from "./values.ts";

const KINDS: Kind[] = [...SCENARIO_KINDS, ...FILE_KINDS];
/** Absolute paths a hostile case might try to write; none may exist after any case. */
const OUTSIDE = ["/tmp/colloc-fuzz-escape"];
/** Cases live four folders deep, so that "../../../.." from a case still lands inside the fuzz folder. */
const DEPTH = ["w", "x", "y", "z"];

interface Options {
  cases: string;
  seed: string;
  jobs?: string;
  only?: string;
  case?: string;
}

interface Result {
  index: number;
  kind: string;
  checked: Checked;
  ms: number;
  argv: string[];
}

function pickKind(dice: Dice, kinds: Kind[]): Kind {
  const weights = Object.fromEntries(kinds.map((k) => [k.name, k.weight]));
  const name = dice.weighted(weights);
  return kinds.find((k) => k.name === name)!;
}

/** Entries of the fuzz folder's fixed levels that are not ours: something a case wrote where it must not. */
function strays(root: string): string[] {
  const found: string[] = OUTSIDE.filter((p) => existsSync(p));
  let dir = root;
  const expected = [["fixtures", DEPTH[0]], ...DEPTH.slice(1).map((d) => [d])];
  for (const [level, names] of expected.entries()) {
    for (const name of readdirSync(dir)) if (!names.includes(name)) found.push(join(dir, name));
    dir = join(dir, DEPTH[level]);
  }
  for (const name of readdirSync(dir)) if (!/^c\d+$/.test(name)) found.push(join(dir, name));
  return found;
}

async function makeFixtures(root: string, secret: string, runner: Runner): Promise<Fixtures> {
  const dir = join(root, "fixtures");
  mkdirSync(join(dir, "grid"), { recursive: true });
  const secretFile = join(dir, "secret.txt");
  writeFileSync(secretFile, `token=${secret}\n`);
  const smallGrid = smallGridFiles(join(dir, "grid"), join(REPO, "scenarios/examples/replay-mps-3jobs.yaml"));
  const shards: [string, string] = [join(dir, "s1"), join(dir, "s2")];
  for (const [i, out] of shards.entries()) {
    const ran = await runner.run(
      {
        id: -1 - i,
        argv: ["sweep", smallGrid, "--shard", `${i + 1}/2`, "--out", out, "--jobs", "1", "--json"],
        cwd: dir,
      },
      120,
    );
    if (ran.kind !== "done" || ran.code !== 0)
      throw new Error(`fuzz fixtures: shard ${i + 1} failed: ${JSON.stringify(ran)}`);
  }
  return { secretFile, shards, smallGrid };
}

function report(results: Result[], seconds: number, seed: number): boolean {
  const kinds = [...new Set(results.map((r) => r.kind))].sort();
  const count = (rs: Result[], v: Verdict) => rs.filter((r) => r.checked.verdict === v).length;
  const rows = kinds.map((kind) => {
    const rs = results.filter((r) => r.kind === kind);
    const failed = rs.length - count(rs, "ok");
    return [
      kind,
      rs.length,
      rs.filter((r) => r.checked.code === 0).length,
      rs.filter((r) => r.checked.code === 2).length,
      failed,
      ...FAILURES.map((f) => count(rs, f)),
    ];
  });
  const header = ["kind", "cases", "exit 0", "exit 2", "failed", ...FAILURES];
  const totals = [
    "all",
    results.length,
    ...rows.reduce((sum, r) => sum.map((s, i) => s + (r[i + 2] as number)), Array(header.length - 2).fill(0)),
  ];
  process.stdout.write(formatTable(header, [...rows, totals]));
  const failures = results.filter((r) => r.checked.verdict !== "ok");
  for (const f of failures.slice(0, 20))
    process.stdout.write(
      `case ${f.index} (${f.kind}) ${f.checked.verdict}: ${f.checked.why}\n  npm run fuzz -- --seed ${seed} --case ${f.index}\n`,
    );
  const summary = {
    seed,
    cases: results.length,
    seconds: Math.round(seconds * 10) / 10,
    failed: failures.length,
    ...Object.fromEntries(FAILURES.map((f) => [f, count(results, f)])),
    kinds: Object.fromEntries(
      kinds.map((k, i) => [
        k,
        { cases: rows[i][1], exit0: rows[i][2], exit2: rows[i][3], failed: rows[i][4] },
      ]),
    ),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return failures.length === 0;
}

async function fuzz(options: Options): Promise<number> {
  const cases = Number(options.cases);
  const seed = Number(options.seed);
  const jobs = options.jobs === undefined ? Math.min(4, availableParallelism()) : Number(options.jobs);
  if (!(
    Number.isInteger(cases) &&
    cases >= 1 &&
    Number.isInteger(seed) &&
    Number.isInteger(jobs) &&
    jobs >= 1
  ))
    throw new Error("--cases, --seed and --jobs take whole numbers (cases and jobs >= 1)");
  const only = options.only === undefined ? undefined : new RegExp(options.only);
  const kinds = only ? KINDS.filter((k) => only.test(k.name)) : KINDS;
  if (kinds.length === 0)
    throw new Error(`--only ${options.only} matches no kind: ${KINDS.map((k) => k.name).join(", ")}`);
  const indexes =
    options.case === undefined ? Array.from({ length: cases }, (_, i) => i) : [Number(options.case)];

  const root = mkdtempSync(join(tmpdir(), "colloc-fuzz-"));
  const secret = randomBytes(12).toString("hex");
  const env = { ...process.env, COLLOC_FUZZ_SECRET: secret, COLLOC_DEBUG: "" };
  const runners = Array.from({ length: jobs }, () => new Runner(env));
  const corpus = loadCorpus();
  const started = performance.now();
  const fixtures = await makeFixtures(root, secret, runners[0]);
  const casesDir = join(root, ...DEPTH);
  mkdirSync(casesDir, { recursive: true });

  const results: Result[] = [];
  let next = 0;
  const work = async (runner: Runner) => {
    while (next < indexes.length) {
      const index = indexes[next++];
      const dice = new Dice(seed, index);
      const kind = pickKind(dice, kinds);
      const dir = join(casesDir, `c${index}`);
      mkdirSync(dir);
      const w: Workspace = { dir, corpus, fixtures, dice };
      let spec: CaseSpec;
      try {
        spec = kind.make(w);
      } catch (error) {
        throw new Error(`fuzz case ${index} (${kind.name}) could not be made: ${(error as Error).stack}`);
      }
      const outBefore = spec.out !== undefined && existsSync(spec.out);
      const ran = await runner.run({ id: index, argv: spec.argv, cwd: dir }, spec.timeoutS);
      const outExists = spec.out !== undefined && !outBefore && existsSync(spec.out);
      const escaped = strays(root);
      const checked = classify(spec, ran, secret, outExists, escaped);
      results.push({ index, kind: kind.name, checked, ms: ran.ms, argv: spec.argv });
      if (options.case !== undefined)
        process.stdout.write(
          `case ${index} (${kind.name}): colloc ${spec.argv.join(" ")}\n${ran.kind === "hang" ? "(hung)" : ran.output}\n`,
        );
      if (checked.verdict === "ok") rmSync(dir, { recursive: true, force: true });
      for (const p of escaped) rmSync(p, { recursive: true, force: true }); // so the next case starts clean
    }
  };
  try {
    await Promise.all(runners.map(work));
  } finally {
    for (const r of runners) r.close();
  }
  results.sort((a, b) => a.index - b.index);
  const ok = report(results, (performance.now() - started) / 1000, seed);
  if (ok) rmSync(root, { recursive: true, force: true });
  else process.stdout.write(`cases that failed are kept in ${casesDir}\n`);
  return ok ? 0 : 1;
}

const program = new Command("fuzz")
  .description("seeded fuzzer of colloc's inputs")
  .option("--cases <n>", "cases to run", "200")
  .option("--seed <s>", "seed: the same seed and case number give the same case", "1")
  .option("--jobs <p>", "child processes running cases (default: CPUs, at most 4)")
  .option("--only <regex>", "only the kinds whose name matches")
  .option("--case <k>", "run case K alone and print its command and output")
  .action(async (options: Options) => {
    process.exitCode = await fuzz(options);
  });
await program.parseAsync(process.argv);
