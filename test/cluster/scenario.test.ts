import test from "ava";
import { InputError } from "../../sim/input-error.ts";
import { loadScenario } from "../../sim/cluster/scenario/resolve.ts";
import { tinyCalibration } from "../fixtures/scenario/tiny-set.ts";

const FILE = "scenarios/x.yaml";

function load(yaml: string, files: Record<string, string> = {}) {
  return loadScenario(yaml, {
    file: FILE,
    calibration: tinyCalibration,
    readText: (path) => {
      const text = Object.entries(files).find(([name]) => path.endsWith(name))?.[1];
      if (text === undefined) throw new Error(`ENOENT: ${path}`);
      return text;
    },
  });
}

/** The message a bad scenario gets; fails the test when the scenario loads. */
function problem(yaml: string, files: Record<string, string> = {}): string {
  const error = (() => {
    try {
      load(yaml, files);
    } catch (e) {
      return e;
    }
  })();
  if (!(error instanceof InputError)) throw new Error(`expected an InputError, got ${String(error)}`);
  return error.message;
}

const HEAD = `
name: t
seed: 7
calibration: tiny
`;
const ONE_GPU = `
hardware:
  gpus:
    - { gpu: H200, count: 2, sharing: { mode: mps } }
`;

test("a job list resolves to jobs sorted by arrival, with work in whole training steps", (t) => {
  const input = load(`${HEAD}${ONE_GPU.replace("mode: mps", "mode: mps, percentages: { b: 50 }")}
jobs:
  list:
    - { id: a, arrival_s: 20, workload: resnet26-c10-b128, epochs: 0.05 }
    - { id: b, arrival_s: 0, workload: resnet152-in-b32, iterations: 400 }
scheduler: { policy: mps-pack, params: { max_co_runners: 2 } }
`);
  t.deepEqual(
    input.jobs.map((j) => [j.id, j.arrivalS, j.steps]),
    // 0.05 epochs of 50,000 images at batch 128 = 19.5 steps, rounded up to whole steps.
    [
      ["b", 0, 400],
      ["a", 20, 20],
    ],
  );
  t.deepEqual(Object.keys(input.workloads), ["resnet152-in-b32", "resnet26-c10-b128"]);
  t.deepEqual(
    input.gpus.map((g) => [g.id, g.node, g.model]),
    [
      ["gpu-0", "node-0", "H200-141GB"],
      ["gpu-1", "node-0", "H200-141GB"],
    ],
  );
  t.deepEqual(input.gpus[0].sharing, {
    mode: "mps",
    defaultPercentage: 100,
    percentages: { b: 50 },
    memoryLimitBytes: undefined,
    maxClients: 48,
  });
  t.deepEqual(input.scheduler, { policy: "mps-pack", params: { max_co_runners: 2 } });
  t.is(input.calibration.gpu, "H200-141GB");
});

test("a MIG layout resolves to non-overlapping instances with the catalog's SMs and memory", (t) => {
  const input = load(`${HEAD}
hardware:
  gpus:
    - { gpu: H200-141GB, sharing: { mode: mig, layout: [2g.35gb, 3g.71gb, 2g.35gb] } }
jobs:
  list: [{ arrival_s: 0, workload: resnet26-c10-b128, iterations: 10 }]
scheduler: { policy: mig-static }
`);
  const sharing = input.gpus[0].sharing;
  if (sharing.mode !== "mig") return t.fail();
  const instances = sharing.instances.map((i) => [i.profile, i.sms]).sort();
  // nvidia-sharing.md §3: H200 instances of 2g have 32 SMs, of 3g 60.
  t.deepEqual(instances, [
    ["2g.35gb", 32],
    ["2g.35gb", 32],
    ["3g.71gb", 60],
  ]);
  const slices = sharing.instances.flatMap((i) =>
    Array.from({ length: i.memorySlices }, (_, k) => i.start + k),
  );
  t.is(new Set(slices).size, slices.length, "memory-slice ranges do not overlap");
  t.true(sharing.fixed);
});

test("per_node splits a GPU group into nodes", (t) => {
  const input = load(`${HEAD}
hardware:
  gpus: [{ gpu: H200, count: 5, node: rack, per_node: 2 }]
jobs:
  list: [{ arrival_s: 0, workload: resnet26-c10-b128, iterations: 1 }]
`);
  t.deepEqual(
    input.gpus.map((g) => g.node),
    ["rack-0", "rack-0", "rack-1", "rack-1", "rack-2"],
  );
});

test("a custom workload extends a calibrated one with changed numbers", (t) => {
  const input = load(`${HEAD}${ONE_GPU}
workloads:
  slow26: { extends: resnet26-c10-b128, step_time_scale: 2, memory_gb: 30 }
jobs:
  list: [{ arrival_s: 0, workload: slow26, iterations: 1 }]
`);
  const slow = input.workloads.slow26;
  t.is(slow.id, "slow26");
  t.is(slow.stepTimeS, 0.1);
  t.deepEqual(
    slow.smScaling.stepTimeS.map((x) => x.toFixed(6)),
    ["0.160000", "0.100000"],
  );
  t.is(slow.memoryBytes, 30 * 2 ** 30);
});

test("constructor and prototype are ids like any other: a job, its MPS percentage and a custom workload", (t) => {
  const input = load(`${HEAD}
hardware: { gpus: [{ gpu: H200, sharing: { mode: mps, percentages: { constructor: 50 } } }] }
workloads: { prototype: { extends: resnet26-c10-b128 } }
jobs: { list: [{ id: constructor, arrival_s: 0, workload: prototype, iterations: 1 }] }
`);
  t.deepEqual(input.gpus[0].sharing.mode === "mps" && input.gpus[0].sharing.percentages, { constructor: 50 });
  t.deepEqual(Object.keys(input.workloads), ["prototype"]);
});

test("a trace job's duration becomes steps at the workload's exclusive speed", (t) => {
  const csv = "id,arrival_s,workload,duration_s\nx,5,resnet26-c10-b128,100\n";
  const input = load(`${HEAD}${ONE_GPU}\njobs: { trace: { format: csv, path: jobs.csv } }\n`, {
    "jobs.csv": csv,
  });
  // 100 s at 0.05 s per solo step = 2000 steps.
  t.deepEqual(
    input.jobs.map((j) => [j.id, j.arrivalS, j.steps]),
    [["x", 5, 2000]],
  );
});

const LIST = `
jobs:
  list:
    - { id: j1, arrival_s: 0, workload: resnet26-c10-b128, iterations: 10 }
`;

const BAD: [string, string, RegExp][] = [
  [
    "an unknown GPU",
    `${HEAD}hardware: { gpus: [{ gpu: Z900 }] }${LIST}`,
    /^scenarios\/x\.yaml: hardware\.gpus\[0\]\.gpu \(line \d+\): expected a GPU name, one of A100-SXM4-40GB.*got "Z900"$/,
  ],
  [
    "an unknown MIG profile",
    `${HEAD}hardware: { gpus: [{ gpu: H200, sharing: { mode: mig, layout: [1g.18gb, 2g.35gb, 5g.x] } }] }${LIST}`,
    /^scenarios\/x\.yaml: hardware\.gpus\[0\]\.sharing\.layout\[2\] \(line \d+\): expected a MIG profile of H200-141GB, one of 1g\.18gb.*got "5g\.x"$/,
  ],
  [
    "an impossible MIG layout",
    `${HEAD}hardware: { gpus: [{ gpu: H200, sharing: { mode: mig, layout: [4g.71gb, 4g.71gb] } }] }${LIST}`,
    /hardware\.gpus\[0\]\.sharing\.layout \(line \d+\): expected a MIG layout that fits one H200-141GB \(.+\), got \["4g\.71gb","4g\.71gb"\]$/,
  ],
  [
    "a fixed MIG layout without instances",
    `${HEAD}hardware: { gpus: [{ gpu: H200, sharing: { mode: mig } }] }${LIST}`,
    /hardware\.gpus\[0\]\.sharing\.layout \(line \d+\): expected at least one MIG instance \(or fixed: false to let the scheduler partition\), got \[\]$/,
  ],
  [
    "a negative arrival",
    `${HEAD}${ONE_GPU}jobs:\n  list:\n    - { arrival_s: 0, workload: resnet26-c10-b128, iterations: 1 }\n    - { arrival_s: -5, workload: resnet26-c10-b128, iterations: 1 }\n`,
    /^scenarios\/x\.yaml: jobs\.list\[1\]\.arrival_s \(line 12\): expected a number >= 0, got -5$/,
  ],
  [
    "a fraction of a training step",
    `${HEAD}${ONE_GPU}jobs: { list: [{ arrival_s: 0, workload: resnet26-c10-b128, iterations: 2.5 }] }`,
    /^scenarios\/x\.yaml: jobs\.list\[0\]\.iterations \(line \d+\): expected a whole number of training steps, got 2\.5$/,
  ],
  [
    "a workload id with a slip of the keyboard",
    `${HEAD}${ONE_GPU}jobs: { list: [{ arrival_s: 0, workload: ResNet26-C10-B128, iterations: 1 }] }`,
    /jobs\.list\[0\]\.workload \(line \d+\): expected a workload of the calibration set or of workloads, perhaps "resnet26-c10-b128": \(resnet152-in-b32, resnet26-c10-b128\), got "ResNet26-C10-B128"$/,
  ],
  [
    "an unknown workload",
    `${HEAD}${ONE_GPU}jobs: { list: [{ arrival_s: 0, workload: gpt5, iterations: 1 }] }`,
    /^scenarios\/x\.yaml: jobs\.list\[0\]\.workload \(line \d+\): expected a workload of the calibration set or of workloads: \(resnet152-in-b32, resnet26-c10-b128\), got "gpt5"$/,
  ],
  [
    "a job bigger than any GPU",
    `${HEAD}${ONE_GPU}workloads: { huge: { extends: resnet26-c10-b128, memory_gb: 200 } }\njobs: { list: [{ arrival_s: 0, workload: huge, iterations: 1 }] }`,
    /jobs\.list\[0\]\.workload \(line \d+\): expected a workload that fits one GPU of the scenario \(at most 14\d\.\d GiB per job; it needs 200\.0 GiB\), got "huge"$/,
  ],
  [
    "a custom workload's memory past any GPU by far",
    `${HEAD}${ONE_GPU}workloads: { huge: { extends: resnet26-c10-b128, memory_gb: 1e308 } }\njobs: { list: [{ arrival_s: 0, workload: huge, iterations: 1 }] }`,
    /workloads\.huge\.memory_gb \(line \d+\): expected a number <= 1000000, got 1e\+308$/,
  ],
  [
    "a step time scaled to nothing",
    `${HEAD}${ONE_GPU}workloads: { fast: { extends: resnet26-c10-b128, step_time_scale: 1e-300 } }\njobs: { list: [{ arrival_s: 0, workload: fast, iterations: 1 }] }`,
    /workloads\.fast\.step_time_scale \(line \d+\): expected a number >= 0\.001, got 1e-300$/,
  ],
  [
    "a job id longer than any table should print",
    `${HEAD}${ONE_GPU}jobs: { list: [{ id: ${"j".repeat(201)}, arrival_s: 0, workload: resnet26-c10-b128, iterations: 1 }] }`,
    /jobs\.list\[0\]\.id \(line \d+\): expected at most 200 characters, got "jjj+…$/,
  ],
  [
    "a job bigger than any instance of a fixed MIG layout",
    `${HEAD}hardware: { gpus: [{ gpu: H200, sharing: { mode: mig, layout: [1g.18gb] } }] }\nworkloads: { big: { extends: resnet26-c10-b128, memory_gb: 40 } }\njobs: { list: [{ arrival_s: 0, workload: big, iterations: 1 }] }`,
    /jobs\.list\[0\]\.workload \(line \d+\): expected a workload that fits one GPU of the scenario \(at most 1\d\.\d GiB per job/,
  ],
  [
    "a job needing more GPUs than a node has",
    `${HEAD}${ONE_GPU}jobs: { list: [{ arrival_s: 0, workload: resnet26-c10-b128, iterations: 1, gpus: 4 }] }`,
    /jobs\.list\[0\]\.gpus \(line \d+\): expected at most 2 GPUs \(the largest node\), got 4$/,
  ],
  [
    "a whole number past what a number holds exactly, quoted as written",
    `${HEAD}${ONE_GPU}jobs: { list: [{ arrival_s: 0, workload: resnet26-c10-b128, iterations: 9007199254740993 }] }`,
    /^scenarios\/x\.yaml: line 9, column \d+: expected a whole number of at most 9007199254740991 in size \(.+\), got "9007199254740993"$/,
  ],
  [
    "two YAML documents",
    `${HEAD}${ONE_GPU}${LIST}---\nname: second\n`,
    /: line \d+, column 1: expected well-formed YAML \(one document: a `---` starts a second\)$/,
  ],
  [
    "malformed YAML",
    `${HEAD}hardware:\n  gpus: [ { gpu: H200 }\n${LIST}`,
    /^scenarios\/x\.yaml: line \d+, column \d+: expected well-formed YAML/,
  ],
  [
    "a misspelt field",
    `${HEAD}${ONE_GPU}jobs: { list: [{ arival_s: 0, workload: resnet26-c10-b128, iterations: 1 }] }`,
    /jobs\.list\[0\]\.arival_s \(line \d+\): expected a known field/,
  ],
  [
    "both epochs and iterations",
    `${HEAD}${ONE_GPU}jobs: { list: [{ arrival_s: 0, workload: resnet26-c10-b128, iterations: 1, epochs: 1 }] }`,
    /jobs\.list\[0\] \(line \d+\): expected exactly one of iterations, epochs$/,
  ],
  [
    "two job sources",
    `${HEAD}${ONE_GPU}${LIST}  trace: { format: csv, path: a.csv }\n`,
    /: jobs \(line \d+\): expected exactly one of list, generate, trace$/,
  ],
  [
    "an MPS percentage for a job that does not exist",
    `${HEAD}hardware: { gpus: [{ gpu: H200, sharing: { mode: mps, percentages: { j9: 40 } } }] }${LIST}`,
    /hardware\.gpus\[0\]\.sharing\.percentages\.j9 \(line \d+\): expected the id of a job of the scenario, got "j9"$/,
  ],
  [
    "duplicate job ids",
    `${HEAD}${ONE_GPU}jobs: { list: [{ id: a, arrival_s: 0, workload: resnet26-c10-b128, iterations: 1 }, { id: a, arrival_s: 1, workload: resnet26-c10-b128, iterations: 1 }] }`,
    /jobs\.list\[1\]\.id \(line \d+\): expected a unique job id, got "a"$/,
  ],
  [
    "a GPU the calibration set was not measured on",
    `${HEAD}hardware: { gpus: [{ gpu: A100-SXM4-40GB }] }${LIST}`,
    /hardware\.gpus\[0\]\.gpu \(line \d+\): expected H200-141GB, the GPU of calibration set "tiny" \(profiles are per GPU model\), got "A100-SXM4-40GB"$/,
  ],
  [
    "an unknown calibration set",
    `${HEAD.replace("tiny", "nope")}${ONE_GPU}${LIST}`,
    /^scenarios\/x\.yaml: calibration \(line 4\): expected a calibration set: a folder with parameters\.json or a shipped set name, got "nope"$/,
  ],
  [
    "a policy that is not one",
    `${HEAD}${ONE_GPU}${LIST}scheduler: { policy: random }\n`,
    /scheduler\.policy \(line \d+\): expected one of "fifo-exclusive", .*got "random"$/,
  ],
  [
    "a missing trace file",
    `${HEAD}${ONE_GPU}jobs: { trace: { format: csv, path: gone.csv } }`,
    /jobs\.trace\.path \(line \d+\): expected a readable trace file: a regular text file of at most 64 MiB \(the limit; limits\.trace_mb raises it, up to 256\), got "gone\.csv: ENOENT/,
  ],
  [
    "an openb trace without a workload mix",
    `${HEAD}${ONE_GPU}jobs: { trace: { format: openb, path: pods.csv } }`,
    /jobs\.trace\.mix \(line \d+\): expected a workload mix: the openb trace names no models, and policy fifo-exclusive places jobs by their workloads/,
  ],
  // Issue 15: each of these once crashed, hung or was accepted.
  [
    "a sharing mode not in the list",
    `${HEAD}hardware: { gpus: [{ gpu: H200, sharing: { mode: MPS } }] }${LIST}`,
    /hardware\.gpus\[0\]\.sharing\.mode \(line \d+\): expected one of "exclusive", "naive", "mps", "mig", got "MPS"$/,
  ],
  [
    "an arrival past the simulated horizon",
    `${HEAD}${ONE_GPU}jobs: { list: [{ arrival_s: 1e20, workload: resnet26-c10-b128, iterations: 1 }] }`,
    /jobs\.list\[0\]\.arrival_s \(line \d+\): expected an arrival within the simulated horizon, at most 100000000 s \(the limit; limits\.horizon_s raises it, up to 1000000000\), got 100000000000000000000$/,
  ],
  [
    "work no job finishes within the horizon",
    `${HEAD}${ONE_GPU}jobs: { list: [{ arrival_s: 0, workload: resnet26-c10-b128, iterations: 1e300 }] }`,
    /jobs\.list\[0\]\.iterations \(line \d+\): expected work a job finishes alone within the simulated horizon, .* \(job j1 would finish at 5\.00e\+298 s\), got "1e\+300 iterations"$/,
  ],
  [
    "work whose steps overflow to infinity",
    `${HEAD}${ONE_GPU}jobs: { list: [{ arrival_s: 0, workload: resnet26-c10-b128, epochs: 1e308 }] }`,
    /jobs\.list\[0\]\.epochs \(line \d+\): expected work a job finishes alone within the simulated horizon, .* \(job j1 would finish at Infinity s\), got "1e\+308 epochs"$/,
  ],
  [
    "a Poisson rate whose gaps are no number",
    `${HEAD}${ONE_GPU}jobs: { generate: { count: 3, arrivals: { poisson: { rate_per_hour: 1e-300 } }, mix: { resnet26-c10-b128: 1 }, work: { iterations: 5 } } }`,
    /jobs\.generate\.arrivals\.poisson\.rate_per_hour \(line \d+\): expected a number >= 1e-12, got 1e-300$/,
  ],
  [
    "generated arrivals past the horizon",
    `${HEAD}${ONE_GPU}jobs: { generate: { count: 3, arrivals: { poisson: { rate_per_hour: 1e-9 } }, mix: { resnet26-c10-b128: 1 }, work: { iterations: 5 } } }`,
    /jobs\.generate\.arrivals \(line \d+\): expected an arrival within the simulated horizon/,
  ],
  [
    "a generator of a billion jobs (refused before any is drawn)",
    `${HEAD}${ONE_GPU}jobs: { generate: { count: 1000000000, arrivals: { poisson: { rate_per_hour: 1 } }, mix: { resnet26-c10-b128: 1 }, work: { iterations: 5 } } }`,
    /jobs\.generate\.count \(line \d+\): expected at most 1000000 jobs in all \(the limit; limits\.jobs raises it, up to 4000000\), got 1000000000$/,
  ],
  [
    "more jobs than a lowered limit",
    `${HEAD}${ONE_GPU}limits: { jobs: 1 }\njobs: { list: [{ arrival_s: 0, workload: resnet26-c10-b128, iterations: 1 }, { arrival_s: 0, workload: resnet26-c10-b128, iterations: 1 }] }`,
    /jobs\.list \(line \d+\): expected at most 1 jobs \(the limit; limits\.jobs raises it, up to 4000000\), got "2 jobs"$/,
  ],
  [
    "a million GPUs",
    `${HEAD}hardware: { gpus: [{ gpu: H200, count: 1000000 }] }${LIST}`,
    /hardware\.gpus\[0\]\.count \(line \d+\): expected at most 100000 GPUs in all \(the limit; limits\.gpus raises it, up to 1000000\), got 1000000$/,
  ],
  [
    "a limit raised past its ceiling",
    `${HEAD}${ONE_GPU}limits: { jobs: 1e12 }\n${LIST}`,
    /limits\.jobs \(line \d+\): expected a number <= 4000000, got 1000000000000$/,
  ],
  [
    "a name that is a path",
    HEAD.replace("name: t", "name: ../../../../tmp/x") + ONE_GPU + LIST,
    /^scenarios\/x\.yaml: name \(line 2\): expected a name of letters, digits, .* \(it names the results folder\), got "\.\.\/\.\.\/\.\.\/\.\.\/tmp\/x"$/,
  ],
  [
    "a name with a terminal escape (quoted escaped)",
    HEAD.replace("name: t", 'name: "\\e[31mred"') + ONE_GPU + LIST,
    /name \(line 2\): expected a name of .*, got "\\u001b\[31mred"$/,
  ],
  [
    "a uniform distribution with min above max (bad input, not a simulator fault)",
    `${HEAD}${ONE_GPU}jobs: { generate: { count: 3, arrivals: { poisson: { rate_per_hour: 60 } }, mix: { resnet26-c10-b128: 1 }, work: { iterations: { uniform: { min: 100, max: 10 } } } } }`,
    /jobs\.generate\.work\.iterations\.uniform\.max \(line \d+\): expected a number >= min \(100\), got 10$/,
  ],
  [
    "more YAML alias expansions than the limit",
    `${HEAD}${ONE_GPU}${LIST}description: &d x\nx: [${Array(101).fill("*d").join(", ")}]\n`,
    /^scenarios\/x\.yaml: expected YAML with at most 100 alias expansions \(a fixed limit\)$/,
  ],
  [
    "an anchor used inside itself",
    `${HEAD}${ONE_GPU}${LIST}workloads: &w { a: *w }\n`,
    /^scenarios\/x\.yaml: workloads\.a: expected a value that does not contain itself \(a YAML anchor used inside itself\)$/,
  ],
  [
    "a key that is a list (YAML's complex key)",
    `${HEAD}${ONE_GPU}${LIST}? [a, b]\n: 1\n`,
    /^scenarios\/x\.yaml: line \d+, column 3: expected a key that is text or a number, not a list or mapping$/,
  ],
  [
    "an alias without its anchor",
    `${HEAD}${ONE_GPU}${LIST}description: *nowhere\n`,
    /^scenarios\/x\.yaml: expected well-formed YAML \(Unresolved alias .*nowhere\)$/,
  ],
  [
    "nesting deeper than the parser's stack",
    `${HEAD}${ONE_GPU}${LIST}description: ${"[".repeat(10000)}${"]".repeat(10000)}\n`,
    /^scenarios\/x\.yaml: line 13: expected YAML nested at most 64 levels deep \(a fixed limit\)$/,
  ],
  [
    "a file that is not a mapping (its content is not quoted)",
    "PATH=/usr/bin:/bin HOME=/root TOKEN=abc",
    /^scenarios\/x\.yaml: expected an object \(the file holds a string\)$/,
  ],
  [
    "a file whose first line reads as an odd key (the key is not quoted)",
    "root:$6$salt$secrethash:19000:0:99999:7:::\n",
    /^scenarios\/x\.yaml: expected known fields only \(see docs\/scenarios\.md\): a key of 41 characters is none$/,
  ],
  [
    "a CSV trace with a header and no rows",
    `${HEAD}${ONE_GPU}jobs: { trace: { format: csv, path: empty.csv } }`,
    /jobs\.trace\.path \(line \d+\): expected a trace with at least one GPU job, got "empty\.csv: none"$/,
  ],
  [
    "a generator with an empty mix (no workload to draw)",
    `${HEAD}${ONE_GPU}jobs:\n  generate:\n    - { count: 3, arrivals: { poisson: { rate_per_hour: 60 } }, mix: {}, work: { iterations: 5 } }\n`,
    /^scenarios\/x\.yaml: jobs\.generate\[0\]\.mix \(line 11\): expected at least one workload$/,
  ],
  [
    "mix weights that sum to Infinity (every draw would land on one workload)",
    `${HEAD}${ONE_GPU}jobs: { generate: { count: 3, arrivals: { poisson: { rate_per_hour: 60 } }, mix: { resnet26-c10-b128: 1e308, resnet152-in-b32: 1e308 }, work: { iterations: 5 } } }`,
    /jobs\.generate\.mix \(line \d+\): expected weights with a finite sum \(only their ratios count: 3 and 1, not 3e308 and 1e308\)$/,
  ],
  [
    "an inflation ratio past 100",
    `${HEAD}${ONE_GPU}jobs: { trace: { format: openb, path: pods.csv, replay: fill, inflation: { ratio: 1e6 } } }\nscheduler: { policy: fgd }\n`,
    /jobs\.trace\.inflation\.ratio \(line \d+\): expected a number <= 100, got 1000000$/,
  ],
  [
    "a timeline interval past the simulated horizon (energy would be Infinity)",
    `${HEAD}${ONE_GPU}${LIST}output: { timeline_interval_s: 1e308 }\n`,
    /^scenarios\/x\.yaml: output\.timeline_interval_s \(line 13\): expected an interval within the simulated horizon, at most 100000000 s \(the limit; limits\.horizon_s raises it, up to 1000000000\), got 1e\+308$/,
  ],
  // A __proto__ key would be dropped by every copy into a plain object, its entry lost without a word.
  [
    "an MPS percentage for a job whose id is __proto__",
    `${HEAD}hardware: { gpus: [{ gpu: H200, sharing: { mode: mps, percentages: { __proto__: 45 } } }] }\njobs: { list: [{ id: __proto__, arrival_s: 0, workload: resnet26-c10-b128, iterations: 1 }] }\n`,
    /^scenarios\/x\.yaml: hardware\.gpus\[0\]\.sharing\.percentages\.__proto__ \(line 5\): expected a key other than __proto__ \(a name JavaScript objects reserve: the entry would be lost\)$/,
  ],
  [
    "a scheduler parameter named __proto__",
    `${HEAD}${ONE_GPU}${LIST}scheduler: { policy: mps-pack, params: { __proto__: 3 } }\n`,
    /^scenarios\/x\.yaml: scheduler\.params\.__proto__ \(line 13\): expected a key other than __proto__/,
  ],
  [
    "a custom workload named __proto__",
    `${HEAD}${ONE_GPU}workloads:\n  __proto__: { extends: resnet26-c10-b128 }\njobs: { list: [{ arrival_s: 0, workload: __proto__, iterations: 1 }] }\n`,
    /^scenarios\/x\.yaml: workloads\.__proto__ \(line 10\): expected a key other than __proto__/,
  ],
  [
    "a trace whose first line is no header (not echoed)",
    `${HEAD}${ONE_GPU}jobs: { trace: { format: csv, path: shadow.csv } }`,
    /shadow\.csv: line 1: expected a header with column\(s\) arrival_s, workload, got "a first line that is not a CSV header"$/,
  ],
];

for (const [what, yaml, message] of BAD) {
  test(`bad scenario: ${what}`, (t) => {
    const files = {
      "pods.csv": "name,num_gpu,gpu_milli,creation_time,deletion_time\n",
      "empty.csv": "arrival_s,workload,iterations\n",
      "shadow.csv": "root:$6$salt$secrethash:19000:0:99999:7:::\n",
    };
    t.regex(problem(yaml, files), message);
  });
}

test("the same scenario and seed resolve to the same input; another seed draws other jobs", (t) => {
  const generated = (seed: number) => `
name: g
seed: ${seed}
calibration: tiny
${ONE_GPU}
jobs:
  generate:
    count: 50
    arrivals: { poisson: { rate_per_hour: 60 } }
    mix: { resnet26-c10-b128: 3, resnet152-in-b32: 1 }
    work: { iterations: { uniform: { min: 10, max: 1000 } } }
`;
  t.deepEqual(load(generated(1)), load(generated(1)));
  t.notDeepEqual(load(generated(1)).jobs, load(generated(2)).jobs);
});

test("an openb trace keeps its first `limit` GPU pods by arrival, with work at exclusive speed", (t) => {
  const pods = [
    "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time",
    "late,1,1,1,1000,,LS,Running,500,600,500",
    "cpu-only,1,1,0,0,,LS,Running,0,50,0",
    "early,1,1,1,250,,LS,Running,100,110,100",
    "middle,1,1,2,1000,,LS,Failed,200,205,200",
  ].join("\n");
  const input = load(
    `${HEAD}${ONE_GPU}jobs: { trace: { format: openb, path: pods.csv, mix: { resnet26-c10-b128: 1 }, limit: 2 } }`,
    { "pods.csv": pods },
  );
  // 10 s and 5 s at 0.05 s per solo step.
  t.deepEqual(
    input.jobs.map((j) => [j.id, j.arrivalS, j.steps, j.gpus, j.gpuShare]),
    [
      ["early", 100, 200, 1, 0.25],
      ["middle", 200, 100, 2, undefined],
    ],
  );
});

test("hardware.nodes reads the openb node list: node names and GPU counts kept, every GPU the scenario's model", (t) => {
  const nodes =
    "sn,cpu_milli,memory_mib,gpu,model\nn-a,64000,262144,2,P100\nn-cpu,64000,262144,0,\nn-b,96000,786432,8,V100M32\n";
  const input = load(
    `${HEAD}hardware: { nodes: { format: openb, path: nodes.csv, gpu: H200, sharing: { mode: mps } } }${LIST}`,
    {
      "nodes.csv": nodes,
    },
  );
  t.deepEqual(
    input.gpus.map((g) => g.node),
    ["n-a", "n-a", ...Array(8).fill("n-b")],
  );
  t.true(input.gpus.every((g) => g.model === "H200-141GB" && g.sharing.mode === "mps"));
  t.regex(
    problem(`${HEAD}hardware: { nodes: { format: openb, path: nodes.csv, gpu: H200 } }${LIST}`, {
      "nodes.csv": "sn,gpu\nx,0\n",
    }),
    /^scenarios\/x\.yaml: hardware\.nodes\.path \(line \d+\): expected a node list with at least one GPU node, got "nodes\.csv: none"$/,
  );
});

test("a workload the calibration set skipped is bad input that says why the set skipped it", (t) => {
  const reason = "iterations.busy_us: expected kernel-traced iterations of a solo run";
  const skipping = (name: string) => ({ ...tinyCalibration(name), skipped: [{ workload: "mine", reason }] });
  const ask = (yaml: string) => {
    try {
      loadScenario(yaml, { file: FILE, calibration: skipping, readText: () => "" });
    } catch (e) {
      return e instanceof InputError ? e.message : String(e);
    }
    return "loaded";
  };
  t.regex(
    ask(`${HEAD}${ONE_GPU}jobs: { list: [{ arrival_s: 0, workload: mine, iterations: 1 }] }`),
    /^scenarios\/x\.yaml: jobs\.list\[0\]\.workload \(line \d+\): expected a workload of the calibration set \(it skipped mine: iterations\.busy_us: expected kernel-traced iterations of a solo run\), got "mine"$/,
  );
  t.regex(
    ask(
      `${HEAD}${ONE_GPU}workloads: { m2: { extends: mine } }\njobs: { list: [{ arrival_s: 0, workload: m2, iterations: 1 }] }`,
    ),
    /workloads\.m2\.extends \(line \d+\): expected a workload of the calibration set \(it skipped mine: /,
  );
});
