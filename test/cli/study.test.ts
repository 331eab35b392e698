import test from "ava";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

test("colloc study refuses a GPU the study has no scenarios for", (t) => {
  const cli = spawnSync(process.execPath, ["--import", "tsx", "cli/main.ts", "study", "--gpu", "V100"], {
    encoding: "utf8",
  });
  t.is(cli.status, 2);
  t.regex(
    cli.stderr,
    /^colloc: command line: --gpu: expected a GPU of the study, one of A100-SXM4-40GB, H200-141GB, got "V100"\n$/,
  );
});

test("colloc study --json prints the same bytes every time: the table rows and the seven findings", (t) => {
  const run = () =>
    spawnSync(process.execPath, ["--import", "tsx", "cli/main.ts", "study", "--gpu", "H200", "--json"], {
      encoding: "utf8",
    });
  const [first, second] = [run(), run()];
  t.is(first.status, 0, first.stderr);
  t.is(first.stdout, second.stdout);
  const { results } = JSON.parse(first.stdout) as {
    results: { gpu: string; rows: unknown[]; findings: unknown[] }[];
  };
  t.deepEqual(
    results.map((r) => r.gpu),
    ["H200-141GB"],
  );
  // Experiments 33-36: 3 workloads x 4 instance counts = 12 rows each; experiment 37: 14 mixes.
  t.is(results[0].rows.length, 4 * 12 + 14);
  t.is(results[0].findings.length, 7);
});

test("the README's worked example is an excerpt of what `npm start` prints, line for line", (t) => {
  const readme = readFileSync("README.md", "utf8");
  const section = readme.split("\n## A worked example\n")[1];
  const excerpt = section
    .split("```\n")[1]
    .split("\n")
    .filter((line) => line.trim() !== "" && line !== "...");
  const cli = spawnSync(process.execPath, ["--import", "tsx", "cli/main.ts", "study"], { encoding: "utf8" });
  t.is(cli.status, 0, cli.stderr);
  const printed = new Set(cli.stdout.split("\n"));
  t.true(excerpt.length > 20, `${excerpt.length} lines`);
  t.deepEqual(
    excerpt.filter((line) => !printed.has(line)),
    [],
  );
});
