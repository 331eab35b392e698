import test from "ava";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { LIMITS } from "../../sim/cluster/scenario/limits.ts";
import { loadScenario } from "../../sim/cluster/scenario/resolve.ts";
import { tinyCalibration } from "../fixtures/scenario/tiny-set.ts";
import { input } from "./fixtures.ts";

/** The rows of the limits table in docs/scenarios.md: limit name -> [default, at most, raised by]. */
function documented(): Map<string, string[]> {
  const section = readFileSync("docs/scenarios.md", "utf8").split("\n## Limits\n")[1].split("\n## ")[0];
  const rows = section.split("\n").filter((line) => /^\| `\w+` \|/.test(line));
  return new Map(
    rows.map((row) => {
      const cells = row
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim());
      return [cells[0].replaceAll("`", ""), cells.slice(1, 4)];
    }),
  );
}

test("docs/scenarios.md states every limit as limits.ts has it", (t) => {
  const docs = documented();
  t.deepEqual([...docs.keys()].sort(), Object.keys(LIMITS).sort());
  const number = (text: string) => Number(text.replaceAll(",", ""));
  for (const [name, limit] of Object.entries(LIMITS)) {
    const [def, max, raise] = docs.get(name)!;
    t.is(number(def), limit.default, name);
    t.is(number(max), limit.max, name);
    const raisedBy = "raise" in limit ? limit.raise : "(fixed)";
    t.true(raise.replaceAll("`", "").startsWith(raisedBy), `${name}: ${raise}`);
  }
});

const scenario = (gpus: number, limits = "") => `
name: big
seed: 1
calibration: tiny
hardware: { gpus: [{ gpu: H200, count: ${gpus} }] }
jobs: { list: [{ arrival_s: 0, workload: resnet26-c10-b128, iterations: 10 }] }
${limits}
`;
const load = (text: string) =>
  loadScenario(text, { file: "big.yaml", calibration: tinyCalibration, readText: () => "" });

test("a raised limit admits what the default refuses, and 200,000 GPUs resolve without a stack overflow", (t) => {
  t.throws(() => load(scenario(200_000)), {
    message: /count \(line 5\): expected at most 100000 GPUs in all/,
  });
  t.is(load(scenario(200_000, "limits: { gpus: 200000 }")).gpus.length, 200_000);
});

test("a timeline interval too fine for the rows allowed before the last arrival is refused at resolve, not after simulating", (t) => {
  const timeline = (interval: number) => `
name: fine
seed: 1
calibration: tiny
hardware: { gpus: [{ gpu: H200, count: 4 }] }
jobs: { list: [{ arrival_s: 0, workload: resnet26-c10-b128, iterations: 10 }, { arrival_s: 100, workload: resnet26-c10-b128, iterations: 10 }] }
output: { timeline_interval_s: ${interval} }
limits: { timeline_rows: 1000 }
`;
  // 4 GPUs x (100 s / 0.4 s + 1) = 1,004 rows at least; every 0.5 s, 804.
  t.throws(() => load(timeline(0.4)), {
    message:
      "big.yaml: output.timeline_interval_s (line 7): expected an interval that gives at most 1000 timeline rows (the limit; limits.timeline_rows raises it, up to 50000000) (the last job arrives at 100 s, on 4 GPU(s)), got 0.4",
  });
  t.is(load(timeline(0.5)).output.timelineIntervalS, 0.5);
});

test("an inflation ratio is refused for the jobs it would make, reckoned before any pod is copied", (t) => {
  const files: Record<string, string> = {
    "nodes.csv": "sn,gpu,model\nn,8,G2\n",
    "pods.csv": "name,num_gpu,gpu_milli,creation_time,deletion_time\na,1,500,0,9\nb,1,1000,0,9\n",
  };
  const fill = (jobs: number) =>
    input(
      {
        hardware: { nodes: { format: "openb", path: "nodes.csv", sharing: { mode: "naive" } } },
        jobs: { trace: { format: "openb", path: "pods.csv", replay: "fill", inflation: { ratio: 2 } } },
        scheduler: { policy: "fgd" },
        limits: { jobs },
      },
      (path) => files[basename(path)],
    );
  // The pods ask for 1.5 of the 8 GPUs: inflated to 2 x 8 GPUs they become about 2 x 16 / 1.5 = 21 jobs.
  t.throws(() => fill(20), {
    message:
      /^test\.yaml: jobs\.trace\.inflation\.ratio \(line \d+\): expected a ratio that makes at most 20 jobs \(the limit; limits\.jobs raises it, up to 4000000\) \(the trace's 2 jobs inflated to 2 x 8 GPUs: about 21 jobs\), got 2$/,
  });
  t.true(fill(40).jobs.length > 2);
});
