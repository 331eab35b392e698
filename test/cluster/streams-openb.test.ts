import test from "ava";
import { csvParse } from "d3-dsv";
import { readFileSync } from "node:fs";
import { InputError } from "../../sim/input-error.ts";
import { inflate, inflatedCount } from "../../sim/cluster/streams/inflate.ts";
import { readOpenb } from "../../sim/cluster/streams/openb.ts";
import { readOpenbNodes } from "../../sim/cluster/streams/openb-nodes.ts";

const FILE = "scenarios/traces/alibaba-openb/openb_pod_list_default.csv";
const text = readFileSync(new URL(`../../${FILE}`, import.meta.url), "utf8");
const opts = {
  mix: { small: 1, large: 1 },
  mixAt: { file: "s.yaml", field: "jobs.trace.mix" },
  seed: 1,
  timeScale: 1,
  replay: "timed" as const,
  cpuPods: false,
};

test("every GPU pod of the openb trace becomes a job; CPU-only pods are skipped", (t) => {
  const jobs = readOpenb(text, FILE, opts);
  const rows = csvParse(text);
  const gpuRows = rows.filter((r) => r.num_gpu !== "0");
  t.is(jobs.length, gpuRows.length);
  t.true(jobs.length < rows.length, "the trace has CPU-only pods");
});

test("openb columns map to arrival, duration, GPU count and GPU share", (t) => {
  const jobs = readOpenb(text, FILE, opts);
  const byId = new Map(jobs.map((j) => [j.id, j]));
  // openb-pod-0001,6000,12288,1,460,,LS,Running,427061,12902960,427061
  const pod1 = byId.get("openb-pod-0001")!;
  t.is(pod1.arrivalS, 427061);
  t.deepEqual(pod1.work, { durationS: 12902960 - 427061 });
  t.is(pod1.gpus, 1);
  t.is(pod1.gpuShare, 0.46);
  // openb-pod-0000 asks for a whole GPU (gpu_milli 1000): no share.
  t.is(byId.get("openb-pod-0000")!.gpuShare, undefined);
  const multi = jobs.filter((j) => j.gpus > 1);
  t.true(multi.length > 0 && multi.every((j) => j.gpuShare === undefined));
});

test("openb workloads come from the seeded mix: the same seed gives the same draws", (t) => {
  const a = readOpenb(text, FILE, opts).map((j) => j.workload);
  t.deepEqual(
    a,
    readOpenb(text, FILE, opts).map((j) => j.workload),
  );
  t.notDeepEqual(
    a,
    readOpenb(text, FILE, { ...opts, seed: 2 }).map((j) => j.workload),
  );
  const small = a.filter((w) => w === "small").length / a.length;
  t.true(Math.abs(small - 0.5) < 0.03, `share ${small}`);
});

test("time_scale compresses arrivals and durations alike", (t) => {
  const pod = readOpenb(text, FILE, { ...opts, timeScale: 0.001 }).find((j) => j.id === "openb-pod-0001")!;
  t.is(pod.arrivalS.toFixed(6), "427.061000");
  t.is((pod.work as { durationS: number }).durationS.toFixed(6), "12475.899000");
});

test("a bad openb row names the trace file, the line and the column", (t) => {
  const header =
    "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n";
  const bad = (row: string) =>
    t.throws(() => readOpenb(header + row, "pods.csv", opts), { instanceOf: InputError });
  t.regex(
    bad("p,1,1,1,1200,,LS,Running,0,10,0\n").message,
    /^pods\.csv: line 2, column gpu_milli: expected a number <= 1000, got "1200"$/,
  );
  t.regex(
    bad("p,1,1,1,500,,LS,Running,50,10,0\n").message,
    /^pods\.csv: line 2, column deletion_time: expected a time >= creation_time \(50\), got 10$/,
  );
  t.regex(
    t.throws(() => readOpenb("name,num_gpu\np,1\n", "pods.csv", opts))!.message,
    /^pods\.csv: line 1: expected a header with column\(s\) name, num_gpu, gpu_milli, creation_time, deletion_time/,
  );
});

test("openb pods keep their requests: CPU, memory, milli-GPUs per GPU, and the GPU models gpu_spec allows", (t) => {
  const header =
    "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n";
  const rows =
    "share,4000,15258,1,220,,BE,Running,10,20,10\n" +
    "spec,16000,32768,1,1000,V100M16|V100M32,LS,Running,30,40,30\n" +
    "multi,88000,327680,8,1000,,Burstable,Succeeded,50,60,50\n" +
    "cpu,12500,20480,0,0,,LS,Running,70,80,70\n";
  const jobs = readOpenb(header + rows, "pods.csv", { ...opts, cpuPods: true });
  t.deepEqual(
    jobs.map((j) => [j.id, j.gpus, j.requests]),
    [
      ["share", 1, { cpuMilli: 4000, memoryMib: 15258, gpuMilli: 220, gpuModels: undefined }],
      [
        "spec",
        1,
        { cpuMilli: 16000, memoryMib: 32768, gpuMilli: 1000, gpuModels: ["V100-16GB", "V100-32GB"] },
      ],
      ["multi", 8, { cpuMilli: 88000, memoryMib: 327680, gpuMilli: 1000, gpuModels: undefined }],
      ["cpu", 0, { cpuMilli: 12500, memoryMib: 20480, gpuMilli: 0, gpuModels: undefined }],
    ],
  );
  // GPU pods draw a workload from the mix; a CPU pod has none (it is placement-only).
  t.true(jobs.slice(0, 3).every((j) => j.workload !== undefined));
  t.is(jobs[3].workload, undefined);
  // Without a mix every pod is placement-only, holding its requests for its lifetime.
  const bare = readOpenb(header + rows, "pods.csv", { ...opts, mix: undefined, cpuPods: true });
  t.true(bare.every((j) => j.workload === undefined));
  t.deepEqual(bare[0].work, { durationS: 10 });
});

test("a fill replay reads every pod at time 0 in file order, held forever", (t) => {
  const jobs = readOpenb(text, FILE, { ...opts, mix: undefined, replay: "fill", cpuPods: true });
  t.is(jobs.length, text.trim().split("\n").length - 1, "CPU-only pods too");
  t.true(jobs.every((j) => j.arrivalS === 0 && "durationS" in j.work && j.work.durationS === Infinity));
  t.deepEqual(
    jobs.slice(0, 3).map((j) => j.id),
    ["openb-pod-0000", "openb-pod-0001", "openb-pod-0002"],
  );
});

test("inflation reckons the jobs a ratio makes before copying any, and copies at most one past a cap", (t) => {
  const pods = readOpenb(
    "name,num_gpu,gpu_milli,creation_time,deletion_time\na,1,500,0,9\nb,1,1000,0,9\n",
    "pods.csv",
    { ...opts, mix: undefined, replay: "fill" },
  );
  // The pods ask for 1.5 GPUs: inflated to 2 x 8 GPUs they become about 2 x 16 / 1.5 jobs.
  t.is(inflatedCount(pods, 8000, 2), 21);
  t.is(inflatedCount(pods, 8000, 0.1), 2, "a trace cut down keeps at most its own jobs");
  const all = inflate(pods, 8000, 2, 1);
  t.true(all.length >= 16 && all.length <= 32, `${all.length} jobs`);
  // Capped, the same draws stop one past the cap, for the caller to refuse.
  t.deepEqual(inflate(pods, 8000, 2, 1, 10), all.slice(0, 11));
});

test("the openb node list keeps each node's CPU, memory, GPU count and model", (t) => {
  const nodes = readOpenbNodes(
    readFileSync(
      new URL("../../scenarios/traces/alibaba-openb/openb_node_list_gpu_node.csv", import.meta.url),
      "utf8",
    ),
    "nodes.csv",
  );
  t.is(nodes.length, 1213);
  t.is(
    nodes.reduce((s, n) => s + n.gpus, 0),
    6212,
  );
  // openb-node-0000,64000,262144,2,P100
  t.deepEqual(nodes[0], {
    name: "openb-node-0000",
    gpus: 2,
    cpuMilli: 64000,
    memoryMib: 262144,
    gpuModel: "P100-16GB",
  });
  t.deepEqual([...new Set(nodes.map((n) => n.gpuModel))].sort(), [
    "A10-24GB",
    "G2",
    "G3",
    "P100-16GB",
    "T4-16GB",
    "V100-16GB",
    "V100-32GB",
  ]);
  // Columns other than sn and gpu may be missing: no limit, no model.
  t.deepEqual(readOpenbNodes("sn,gpu\ncpu-node,0\n", "n.csv"), [
    { name: "cpu-node", gpus: 0, cpuMilli: Infinity, memoryMib: Infinity, gpuModel: undefined },
  ]);
});
