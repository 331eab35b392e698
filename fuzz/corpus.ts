/** The shipped inputs the fuzzer mutates: scenarios, traces, sweep grids and profiler run folders. */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";

export const REPO = resolve(import.meta.dirname, "..");

export interface Corpus {
  /** Scenario files (absolute), every shipped one but the sweep files. */
  scenarios: string[];
  /** Sweep files (absolute). */
  grids: string[];
  /** The generic job CSV and its scenario. */
  csv: { trace: string; scenario: string; jobs: number };
  /** Run folders (absolute) of the profiler's format: the test fixtures. */
  runs: string[];
}

const yamlIn = (dir: string): string[] =>
  readdirSync(join(REPO, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .map((f) => join(REPO, dir, f));

const isGrid = (file: string) => {
  const doc = parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  return "axes" in doc && "base" in doc;
};

function runFolders(dir: string): string[] {
  return readdirSync(join(REPO, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && readdirSync(join(REPO, dir, e.name)).includes("manifest.json"))
    .map((e) => join(REPO, dir, e.name))
    .sort();
}

export function loadCorpus(): Corpus {
  const files = yamlIn("scenarios");
  const trace = join(REPO, "scenarios/examples/jobs.csv");
  return {
    scenarios: files.filter((f) => !isGrid(f)),
    grids: files.filter(isGrid),
    csv: {
      trace,
      scenario: join(REPO, "scenarios/examples/trace-csv.yaml"),
      jobs: readFileSync(trace, "utf8").trim().split("\n").length - 1,
    },
    runs: [
      ...runFolders("test/fixtures/runs/h200"),
      ...runFolders("test/fixtures/runs/fake"),
      ...runFolders("profiler/tests/fixtures"),
    ],
  };
}
