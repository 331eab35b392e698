import test from "ava";
import { Ajv2020 } from "ajv/dist/2020.js";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { scenarioJsonSchema } from "../../sim/cluster/scenario/json-schema.ts";
import { parseScenario } from "../../sim/cluster/scenario/parse.ts";
import { studyFiles } from "../../scenarios/study-matrix.ts";
import { readScenario } from "../../cli/load-scenario.ts";

const root = new URL("../../scenarios/", import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), "utf8");
const yamlIn = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => `${dir}/${f}`);

test("scenarios/scenario.schema.json is what `npm run gen:schema` writes from the zod types", (t) => {
  t.is(read("scenario.schema.json"), `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
});

test("scenarios/study/ is what `npm run gen:study` writes from the experiment matrix", (t) => {
  const files = studyFiles(read("study/paper-experiment-matrix.csv"));
  const onDisk = [...yamlIn("study/a100"), ...yamlIn("study/h200")].map((f) => f.replace("study/", ""));
  t.deepEqual(onDisk.sort(), [...files.keys()].sort());
  for (const [path, text] of files) t.is(read(`study/${path}`), text, path);
});

// Sweep files (a `base` and `axes`) live beside the scenarios they vary; they are not scenarios.
const scenarioFiles = [
  "examples",
  "whatif",
  "sweeps",
  "study/a100",
  "study/h200",
  "replays",
  "calibration",
  "streams",
  "diagnostics",
]
  .flatMap(yamlIn)
  .filter((f) => !("base" in parse(read(f))));

test("every shipped scenario satisfies both the JSON Schema and the zod types", (t) => {
  const validate = new Ajv2020({ strict: false }).compile(scenarioJsonSchema());
  t.true(scenarioFiles.length > 400);
  for (const file of scenarioFiles) {
    const text = read(file);
    t.true(validate(parse(text)), `${file}: ${JSON.stringify(validate.errors?.[0])}`);
    t.notThrows(() => parseScenario(text, file), file);
  }
});

test("the JSON Schema refuses what the zod types refuse", (t) => {
  const validate = new Ajv2020({ strict: false }).compile(scenarioJsonSchema());
  const scenario = (jobs: unknown) => ({
    name: "x",
    seed: 1,
    calibration: "h200",
    hardware: { gpus: [{ gpu: "H200" }] },
    jobs,
  });
  const job = { arrival_s: 0, workload: "w" };
  t.true(validate(scenario({ list: [{ ...job, iterations: 5 }] })));
  t.false(validate(scenario({ list: [{ ...job, iterations: 5, epochs: 1 }] })), "both iterations and epochs");
  t.false(validate(scenario({ list: [{ ...job }] })), "no work");
  t.false(validate(scenario({ list: [{ ...job, iterations: 5, arival_s: 1 }] })), "a misspelt field");
  t.false(
    validate(scenario({ list: [{ ...job, iterations: 5 }], trace: { format: "csv", path: "a.csv" } })),
    "two sources",
  );
});

test("every shipped scenario resolves against the shipped calibration sets, but study MIG experiments it cannot build", (t) => {
  const refused: string[] = [];
  for (const file of scenarioFiles) {
    try {
      readScenario(join(root, file));
    } catch (error) {
      refused.push(`${file}: ${(error as Error).message}`);
    }
  }
  // A MIG experiment of the study is refused when its layout exceeds the GPU or a workload fits no instance
  // (the study's out of memory); colloc study marks both.
  const migStudy =
    /^study\/(a100|h200)\/e3\d-w\d+\.yaml: .*(sharing\.layout .*expected a MIG layout that fits|workload .*expected a workload that fits one GPU)/;
  t.deepEqual(
    refused.filter((r) => !migStudy.test(r)),
    [],
  );
  const infeasible = refused.filter((r) => r.includes("expected a MIG layout")).map((r) => r.split(":")[0]);
  t.deepEqual(
    infeasible,
    ["a100", "h200"].flatMap((g) => ["332", "342", "352"].map((m) => `study/${g}/e37-w${m}.yaml`)),
  );
});

test("each scenario of scenarios/streams/ replays the stream of the live replay it names, under another mode", (t) => {
  const streams = yamlIn("streams");
  t.true(streams.length > 0);
  for (const file of streams) {
    const text = read(file);
    const replay = /scenarios\/(replays\/[\w-]+\.yaml)/.exec(text)![1];
    const ours = parse(text);
    const theirs = parse(read(replay));
    t.deepEqual(ours.jobs, theirs.jobs, file);
    t.notDeepEqual(ours.hardware.gpus[0].sharing, theirs.hardware.gpus[0].sharing, file);
  }
});
