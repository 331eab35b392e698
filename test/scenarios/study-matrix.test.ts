import test from "ava";
import { readFileSync } from "node:fs";
import { migLayout, parseMatrix, studyScenario, workloadId } from "../../scenarios/study-matrix.ts";

const matrix = parseMatrix(readFileSync("scenarios/study/paper-experiment-matrix.csv", "utf8"));

test("the matrix holds the study's experiments: 39 workloads in each of 33-36, 14 mixes x 3 modes in 37", (t) => {
  const count = (e: number) => matrix.filter((x) => x.experiment === e).length;
  t.deepEqual([33, 34, 35, 36, 37].map(count), [39, 39, 39, 39, 42]);
  // paper.md: 1 instance (naive, MIG 7g, MIG 4g, MPS), 2 (naive, 2x 3g, MPS), 3 (naive, 3x 2g, MPS), 7 (naive, 7x 1g, MPS).
  const first13 = matrix.slice(0, 13).map((e) => `${e.mode}x${e.processes.length}`);
  t.deepEqual(first13, [
    "naivex1",
    "migx1",
    "migx1",
    "mpsx1",
    "naivex2",
    "migx2",
    "mpsx2",
    "naivex3",
    "migx3",
    "mpsx3",
    "naivex7",
    "migx7",
    "mpsx7",
  ]);
});

test("train.py arguments name the canonical workloads", (t) => {
  t.is(
    workloadId("--model resnet152 --data-dir /raid/datasets/imagenet/ --warmup-epochs 0 --batch-size 32"),
    "resnet152-in-b32",
  );
  t.is(
    workloadId("--model efficientnetv2_s --data-dir /raid/datasets/imagenet64_images/ --batch-size 128"),
    "effnetv2s-i64-b128",
  );
  t.throws(() => workloadId("--model vit --data-dir /x/ --batch-size 8"));
});

test("MIG profiles map to the H200 by profile id and processes go smallest instance first", (t) => {
  const mix = matrix.find((e) => e.experiment === 37 && e.workload === 322)!;
  t.deepEqual(migLayout(mix, "A100-SXM4-40GB"), ["1g.5gb", "2g.10gb", "4g.20gb"]);
  t.deepEqual(migLayout(mix, "H200-141GB"), ["1g.18gb", "2g.35gb", "4g.71gb"]);
  const doc = studyScenario(mix, "H200-141GB") as { jobs: { list: { workload: string }[] } };
  t.deepEqual(
    doc.jobs.list.map((j) => j.workload),
    ["resnet26-c10-b128", "resnet50-i64-b128", "resnet152-in-b32"],
  );
});
