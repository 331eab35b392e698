import test from "ava";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SET = join(process.cwd(), "test/fixtures/sets/h200");
const colloc = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "cli/main.ts", ...args], { encoding: "utf8" });

function scenarioFile(name: string, layout: string): string {
  const dir = mkdtempSync(join(tmpdir(), "colloc-scenario-"));
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    `name: ${name}
seed: 1
calibration: ${SET}
hardware: { gpus: [{ gpu: H200, sharing: { mode: mig, layout: [${layout}] } }] }
jobs: { list: [{ arrival_s: 0, workload: resnet26-c10-b128, iterations: 10 }] }
scheduler: { policy: mig-static }
`,
  );
  return file;
}

test("scenario check resolves good files and names the field of a bad one, exit code 2", (t) => {
  const good = scenarioFile("good", "3g.71gb, 3g.71gb");
  const bad = scenarioFile("bad", "4g.71gb, 4g.71gb");
  const cli = colloc("scenario", "check", good, bad);
  t.is(cli.status, 2);
  t.regex(cli.stdout, /good\.yaml +1 +1 +1 +mig-static/);
  t.regex(
    cli.stderr,
    /bad\.yaml: hardware\.gpus\[0\]\.sharing\.layout \(line 4\): expected a MIG layout that fits one H200-141GB/,
  );
  t.is(colloc("scenario", "check", good).status, 0);
});

test("scenario check --json reports each file", (t) => {
  const cli = colloc("scenario", "check", "--json", scenarioFile("one", "7g.141gb"));
  t.like(JSON.parse(cli.stdout)[0], { ok: true, gpus: 1, jobs: 1, workloads: ["resnet26-c10-b128"] });
});

test("scenario check asks the policy too: mig-static on an MPS GPU is refused", (t) => {
  const file = scenarioFile("policy", "3g.71gb");
  writeFileSync(file, readFileSync(file, "utf8").replace(/sharing: \{[^}]+\}/, "sharing: { mode: mps }"));
  const cli = colloc("scenario", "check", file);
  t.is(cli.status, 2);
  t.regex(cli.stderr, /mig for policy mig-static/);
});

test("a message stays one line: a line break in a file name is shown as an escape", (t) => {
  const cli = colloc("scenario", "check", "no\nsuch.yaml");
  t.is(cli.status, 2);
  t.regex(cli.stderr, /^colloc: no\\nsuch\.yaml: [^\n]*\n$/);
});

test("scenario schema prints scenarios/scenario.schema.json", (t) => {
  t.is(colloc("scenario", "schema").stdout, readFileSync("scenarios/scenario.schema.json", "utf8"));
});
