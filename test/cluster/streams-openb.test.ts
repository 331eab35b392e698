import test from "ava";
import { readFileSync } from "node:fs";
import { InputError } from "../../sim/core/errors.ts";
import { readOpenb } from "../../sim/cluster/streams/openb.ts";

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
  const rows = text.trim().split("\n").slice(1);
  const gpuRows = rows.filter((r) => r.split(",")[3] !== "0");
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
