/** Fill and timed replays of openb-shaped traces under node-aware policies: what is placed, held, dropped, measured. */
import test from "ava";
import { readFileSync } from "node:fs";
import { InputError } from "../../../sim/input-error.ts";
import { simulate } from "../../../sim/cluster/engine.ts";
import { FINISHED, UNSCHEDULED } from "../../../sim/cluster/job-table.ts";
import { jobMetrics, summarize } from "../../../sim/cluster/metrics.ts";
import { tableFromIPC } from "apache-arrow";
import { runCharts } from "../../../sim/cluster/charts.ts";
import { runFiles } from "../../../sim/cluster/results.ts";
import { loadScenario } from "../../../sim/cluster/scenario/resolve.ts";
import { calibration, tinyShare } from "../fixtures.ts";
import { freeOn, nodesOf, place, placementInput, pod } from "./fixtures.ts";

const NODE = "n,16000,65536,2,T4\n";

test("a fill replay places pods in order, none leaving, and drops those that no longer fit", (t) => {
  const pods =
    ["a", "b", "c", "d"].map((id) => pod(id, 4000, 1024, 1, 700)).join("") + pod("e", 4000, 1024, 1, 300);
  const run = place(NODE, pods, { policy: "best-fit" });
  // a and b take 700 of each GPU; c and d find 300 left on each; e fits in that.
  t.deepEqual(nodesOf(run), { a: "n", b: "n", c: "-", d: "-", e: "n" });
  t.deepEqual(Array.from(run.jobs.state), [2, 2, UNSCHEDULED, UNSCHEDULED, 2]);
  t.true(run.jobs.arrival.every((a) => a === 0));
  const s = summarize(run, jobMetrics(run));
  t.is(s.unscheduled_pods, 2);
  t.is(s.gpu_alloc_pct, 100);
  t.is(s.gpu_milli_alloc_pct, (100 * (700 + 700 + 300)) / 2000);
  t.is(s.placement!.arrived_gpu_milli_pct, (100 * (4 * 700 + 300)) / 2000);
  t.is(s.placement!.cpu_alloc_pct, (100 * 12000) / 16000);
  // One placement row per arriving pod, the arrived workload growing by each pod's request.
  const rows = run.placement!.rows;
  t.is(rows.time.length, 5);
  t.deepEqual(Array.from(rows.arrivedMilli.values()), [700, 1400, 2100, 2800, 3100]);
  t.deepEqual(Array.from(rows.unscheduled.values()), [0, 0, 1, 2, 2]);
});

test("the fragmentation in the summary is the idle milli-GPUs the target workload cannot use", (t) => {
  // Target: 4 of 5 pods are 700-milli pods, 1 a 300-milli pod. Left: 300 + 0 idle after e. For the 700 pods the
  // 300 left are q2 (no GPU with 700); for the 300 pod, none (q3): frag = 0.8 x 300 of 300 idle.
  const pods =
    ["a", "b", "c", "d"].map((id) => pod(id, 4000, 1024, 1, 700)).join("") + pod("e", 1000, 1024, 1, 300);
  const s = summarize(...withMetrics(place(NODE, pods, { policy: "best-fit" })));
  t.is(s.placement!.idle_gpu_milli, 300);
  t.true(Math.abs(s.frag_gpu_milli_pct! - 80) < 1e-9);
  t.true(Math.abs(s.placement!.frag_classes.q2_lack_gpu - 240) < 1e-9);
  t.true(Math.abs(s.placement!.frag_classes.q3_satisfied - 60) < 1e-9);
});

function withMetrics(
  run: ReturnType<typeof place>,
): [ReturnType<typeof place>, ReturnType<typeof jobMetrics>] {
  return [run, jobMetrics(run)];
}

test("a timed replay holds placement-only pods for their lifetime, queueing what does not fit yet", (t) => {
  // a holds the one GPU from 0 to 10; b arrives at 5 and waits for it; c (CPU only, arriving at 6) could run at
  // once but waits behind b: the queue is first-in first-out.
  const node = "n,16000,65536,1,T4\n";
  const pods =
    pod("a", 4000, 1024, 1, 1000, "", 0, 10) +
    pod("b", 4000, 1024, 1, 600, "", 5, 8) +
    pod("c", 2000, 1024, 0, 0, "", 6, 7);
  const run = place(node, pods, { policy: "fgd", replay: "timed" });
  const { jobs } = run;
  t.deepEqual(Array.from(jobs.start), [0, 10, 10]);
  t.deepEqual(Array.from(jobs.end), [10, 13, 11]);
  t.true(jobs.state.every((s) => s === FINISHED));
  t.deepEqual(freeOn(run, "n"), [1000], "everything given back");
  const s = summarize(run, jobMetrics(run));
  // Time-averaged: the GPU is busy 10 of 13 s at 1000 milli, then 3 s at 600.
  t.true(Math.abs(s.gpu_alloc_pct! - 100) < 1e-9);
  t.true(Math.abs(s.gpu_milli_alloc_pct! - (100 * (10 * 1000 + 3 * 600)) / 13 / 1000) < 1e-9);
  t.is(s.unscheduled_pods, 0);
});

test("in a timed replay with workloads, pods packed on one GPU share it through the sharing model", (t) => {
  // Two 500-milli pods of the same lifetime on one simulated H200: under time-slicing (tinyShare) each steps at
  // half speed, so each takes twice its trace lifetime; a third on another node would run alone.
  const nodes = "n,16000,65536,1,T4\n";
  const pods = pod("a", 1000, 1024, 1, 500, "", 0, 100) + pod("b", 1000, 1024, 1, 500, "", 0, 100);
  const run = place(nodes, pods, {
    policy: "best-fit",
    replay: "timed",
    gpu: "H200-141GB",
    mix: { small: 1 },
    share: tinyShare,
  });
  t.deepEqual(nodesOf(run), { a: "n", b: "n" });
  const m = jobMetrics(run);
  t.deepEqual(
    Array.from(m.slowdown, (x) => Math.round(x * 100) / 100),
    [2, 2],
  );
});

test("inflation appends seeded copies of the trace's pods up to the ratio of the cluster's GPUs", (t) => {
  const nodes = "n,64000,262144,8,G2\n";
  const pods = pod("a", 1000, 1024, 1, 500) + pod("b", 1000, 1024, 1, 1000) + pod("c", 2000, 1024, 0, 0);
  const inflated = (seed: number) =>
    placementInput(nodes, pods, { policy: "fgd", inflation: { ratio: 2 }, seed });
  const input = inflated(1);
  const milli = (j: (typeof input.jobs)[number]) => j.gpus * (j.requests?.gpuMilli ?? 0);
  const total = input.jobs.reduce((s, j) => s + milli(j), 0);
  t.true(total <= 2 * 8000 && total > 2 * 8000 - 1000, `asked ${total} of 16000`);
  t.deepEqual(
    input.jobs.slice(0, 3).map((j) => j.id),
    ["a", "b", "c"],
  );
  t.true(input.jobs.slice(3).every((j) => j.inflated === true && /^[abc]-inflated-\d+$/.test(j.id)));
  t.deepEqual(input.jobs, inflated(1).jobs);
  t.notDeepEqual(input.jobs, inflated(2).jobs);
  // The copies are not part of the target workload: FGD and the metric weigh the trace's own shapes.
  const run = simulate(input);
  t.true(run.placement!.arrivedMilli > 8000);
  t.true(summarize(run, jobMetrics(run)).unscheduled_pods > 0);
});

test("a fill replay gives the same bytes for the same inputs and seed", (t) => {
  const pods = Array.from({ length: 30 }, (_, i) =>
    pod(`p${i}`, 1000 * (1 + (i % 5)), 1024, i % 3, [0, 450, 1000][i % 3]),
  ).join("");
  const nodes = "a,16000,65536,2,T4\nb,32000,131072,4,V100M16\nc,96000,393216,8,G2\n";
  const bytes = () => [...runFiles(place(nodes, pods, { policy: "fgd" })).files.values()];
  t.deepEqual(bytes(), bytes());
});

const load = (yaml: string, files: Record<string, string>) => () =>
  loadScenario(yaml, {
    file: "s.yaml",
    calibration: () => calibration,
    readText: (path) => files[path.split("/").pop()!] ?? "",
  });

const FILES = {
  "nodes.csv": `sn,cpu_milli,memory_mib,gpu,model\n${NODE}`,
  "pods.csv": `name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,creation_time,deletion_time\n${"p,1000,1024,1,500,,0,10\n"}`,
};
const yaml = (jobs: string, extra = "", policy = "fgd") =>
  `name: t\nseed: 1\ncalibration: test\nhardware:\n  nodes: { format: openb, path: nodes.csv, sharing: { mode: naive }${extra} }\njobs:\n  trace: { format: openb, path: pods.csv${jobs} }\nscheduler: { policy: ${policy} }\n`;

const BAD: [string, string, Record<string, string>, RegExp][] = [
  [
    "a mix in a fill replay",
    yaml(", replay: fill, mix: { small: 1 }"),
    FILES,
    /jobs\.trace\.mix \(line \d+\): expected no mix in a fill replay: its pods are placed, never run$/,
  ],
  [
    "a fill replay under a device policy",
    yaml(", replay: fill", "", "mps-pack"),
    FILES,
    /scheduler\.policy \(line \d+\): expected a node-aware policy for a fill replay \(fgd, best-fit, .*\), got "mps-pack"$/,
  ],
  [
    "a time scale in a fill replay (its pod times are unused)",
    yaml(", replay: fill, time_scale: 1e300"),
    FILES,
    /jobs\.trace\.time_scale \(line \d+\): expected 1 \(the default\) in a fill replay: its pods are placed in trace order, their times unused, got 1e\+300$/,
  ],
  [
    "inflation in a timed replay",
    yaml(", inflation: { ratio: 1.3 }"),
    FILES,
    /jobs\.trace\.inflation \(line \d+\): expected replay: fill/,
  ],
  [
    "a GPU model the catalog does not know",
    yaml(", replay: fill"),
    { ...FILES, "nodes.csv": "sn,cpu_milli,memory_mib,gpu,model\nn,16000,65536,2,Z9\n" },
    /nodes\.csv: line 2, column model: expected a GPU model, one of .*G3, got "Z9"$/,
  ],
  [
    "a pod gpu_spec naming no GPU model",
    yaml(", replay: fill"),
    {
      ...FILES,
      "pods.csv":
        "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,creation_time,deletion_time\np,1,1,1,500,V100M99,0,1\n",
    },
    /pods\.csv: line 2, column gpu_spec: expected a GPU model, one of .*got "V100M99"$/,
  ],
  [
    "a timed pod no empty node could take",
    yaml(""),
    {
      ...FILES,
      "pods.csv":
        "name,cpu_milli,memory_mib,num_gpu,gpu_milli,creation_time,deletion_time\np,99000,1,1,500,0,1\n",
    },
    /pods\.csv: line 2, column name: expected a job some empty node could take \(CPU, memory, GPUs and GPU model\): it would wait forever, got "p"$/,
  ],
  [
    "pods with workloads on GPUs the calibration was not measured on",
    yaml(", mix: { small: 1 }"),
    FILES,
    /hardware\.nodes\.gpu \(line \d+\): expected H200-141GB, the GPU of calibration set "test" \(profiles are per GPU model\)$/,
  ],
  [
    "MIG on a GPU without it",
    yaml(", replay: fill").replace("sharing: { mode: naive }", "sharing: { mode: mig }"),
    FILES,
    /hardware\.nodes\.sharing\.mode \(line \d+\): expected exclusive, naive or mps on T4-16GB \(no MIG\), got "mig"$/,
  ],
  [
    "MIG on a model known for placement only",
    yaml(", replay: fill").replace("sharing: { mode: naive }", "sharing: { mode: mig }"),
    { ...FILES, "nodes.csv": "sn,cpu_milli,memory_mib,gpu,model\nn,16000,65536,2,G2\n" },
    /hardware\.nodes\.sharing\.mode \(line \d+\): expected exclusive, naive or mps on G2 \(placement only\), got "mig"$/,
  ],
];

for (const [what, text, files, message] of BAD) {
  test(`bad openb placement scenario: ${what}`, (t) => {
    t.regex(t.throws(load(text, files), { instanceOf: InputError }).message, message);
  });
}

test("on the whole openb trace in fill order, FGD leaves fewer pods unscheduled and less fragmentation than best-fit", (t) => {
  const file = new URL("../../../scenarios/whatif/openb-fgd-fill.yaml", import.meta.url).pathname;
  const text = readFileSync(file, "utf8");
  const run = (policy: string) => {
    const input = loadScenario(text.replace("policy: fgd", `policy: ${policy}`), {
      file,
      calibration: () => calibration,
      readText: (path) => readFileSync(path, "utf8"),
    });
    return summarize(...withMetrics(simulate(input)));
  };
  const fgd = run("fgd");
  const bestFit = run("best-fit");
  t.is(fgd.jobs.total, 8152);
  t.true(
    fgd.unscheduled_pods < bestFit.unscheduled_pods,
    `${fgd.unscheduled_pods} vs ${bestFit.unscheduled_pods}`,
  );
  t.true(fgd.gpu_milli_alloc_pct! > bestFit.gpu_milli_alloc_pct!);
  t.true(fgd.placement!.frag_gpu_milli < bestFit.placement!.frag_gpu_milli);
});

test("a fill run writes its placement timeline and charts it against the arrived workload", (t) => {
  const pods = ["a", "b", "c"].map((id) => pod(id, 4000, 1024, 1, 700)).join("") + pod("d", 1000, 1024, 0, 0);
  const run = place(NODE, pods, { policy: "fgd" });
  const { files, metrics } = runFiles(run);
  const table = tableFromIPC(files.get("placement-timeline.arrow") as Uint8Array);
  t.is(table.numRows, 4);
  t.deepEqual(table.getChild("gpu_milli_taken")!.toArray(), Float64Array.from([700, 1400, 1400, 1400]));
  t.deepEqual(
    tableFromIPC(files.get("jobs.arrow") as Uint8Array)
      .getChild("outcome")!
      .toArray(),
    ["unfinished", "unfinished", "unscheduled", "unfinished"],
  );
  // A run that trains nothing has only the placement charts, their x the arrived workload in % of the GPUs.
  const charts = runCharts(run, metrics);
  t.deepEqual(
    [...charts.keys()],
    ["placement-allocation", "placement-fragmentation", "placement-unscheduled", "placement-frag-classes"],
  );
  const data = (charts.get("placement-unscheduled")!.data as { values: { x: number; unscheduled: number }[] })
    .values;
  t.deepEqual(
    data.map((r) => [r.x, r.unscheduled]),
    [
      [35, 0],
      [70, 0],
      [105, 1],
      [105, 1],
    ],
  );
});
