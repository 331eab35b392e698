import test from "ava";
import { FRAG_CLASSES, FragModel, targetWorkload } from "../../../sim/cluster/placement/fragmentation.ts";

const shape = (cpuMilli: number, gpuMilli: number, gpus: number, models?: string[]) => ({
  cpuMilli,
  gpuMilli,
  gpus,
  models,
});

test("the target workload keeps the most common shapes up to the popularity share, renormalized", (t) => {
  // 10 pods: shape A 5 times, B 3 times, C and D once each.
  const A = shape(4000, 500, 1);
  const B = shape(8000, 1000, 1);
  const C = shape(1000, 0, 0);
  const D = shape(2000, 0, 0);
  const pods = [A, A, A, A, A, B, B, B, C, D];
  // 80 %: A and B cover 8 of 10 pods; their frequencies become 5/8 and 3/8.
  const target = targetWorkload(pods, 80);
  t.deepEqual(
    target.map((p) => p.cpuMilli),
    [4000, 8000],
  );
  t.true(Math.abs(target[0].frequency - 5 / 8) < 1e-12 && Math.abs(target[1].frequency - 3 / 8) < 1e-12);
  // Equal counts: the larger shape first (the FGD simulator's order), so 90 % keeps D before C.
  t.deepEqual(
    targetWorkload(pods, 90).map((p) => p.cpuMilli),
    [4000, 8000, 2000],
  );
  // Everything kept: plain frequencies.
  t.is(
    targetWorkload(pods, 100).reduce((s, p) => s + p.frequency, 0),
    1,
  );
});

test("a node's fragmentation is split into the paper's classes, worked by hand", (t) => {
  const model = new FragModel(
    [
      { ...shape(4000, 500, 1), frequency: 0.5 }, // fits on the free GPU: the 300-milli GPU is q2 for it
      { ...shape(16000, 1000, 1), frequency: 0.25 }, // GPU fits, CPU does not: q4
      { ...shape(2000, 0, 0), frequency: 0.25 }, // a CPU pod: every idle GPU is a fragment to it (xl)
    ],
    [],
  );
  const out = new Float64Array(FRAG_CLASSES.length);
  const frag = model.fragment(8000, [1000, 300], 2, -1, out);
  // idle 1300: q2 = 0.5 x 300, q3 = 0.5 x 1000, q4 = 0.25 x 1300, xl = 0.25 x 1300.
  t.deepEqual(Array.from(out), [0, 150, 500, 325, 325, 0, 0]);
  t.is(frag, 150 + 325 + 325);
  // 3 cores left: the first pod's GPU fits but its CPU does not (q4, like the second); the CPU pod still fits.
  model.fragment(3000, [1000, 300], 2, -1, out);
  t.deepEqual(Array.from(out), [0, 0, 0, 975, 325, 0, 0]);
  // A node with nothing idle has no fragmentation.
  t.is(model.fragment(8000, [0, 0], 2, -1), 0);
});

test("a pod that may not run on the node's GPU model sees all its idle GPUs as no_access", (t) => {
  const model = new FragModel(
    [{ ...shape(1000, 500, 1, ["V100-32GB"]), frequency: 1 }],
    ["T4-16GB", "V100-32GB"],
  );
  const out = new Float64Array(FRAG_CLASSES.length);
  t.is(model.fragment(8000, [1000, 1000], 2, 0, out), 2000);
  t.is(out[FRAG_CLASSES.indexOf("no_access")], 2000);
  t.is(model.fragment(8000, [1000, 1000], 2, 1), 0);
});

test("too few GPUs with room is q2 (CPU fits) or q1 (it does not)", (t) => {
  const model = new FragModel([{ ...shape(4000, 1000, 2), frequency: 1 }], []);
  const out = new Float64Array(FRAG_CLASSES.length);
  model.fragment(8000, [1000, 600], 2, -1, out);
  t.is(out[FRAG_CLASSES.indexOf("q2_lack_gpu")], 1600);
  model.fragment(2000, [1000, 600], 2, -1, out);
  t.is(out[FRAG_CLASSES.indexOf("q1_lack_both")], 1600);
});
