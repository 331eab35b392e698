/** The node-aware policies (FGD and the paper's baselines) on clusters small enough to work out by hand. */
import test from "ava";
import { freeOn, nodesOf, place, pod } from "../placement/fixtures.ts";

const TWO = "small,16000,65536,2,T4\nbig,64000,262144,2,T4\n";

test("best-fit takes the node the pod leaves least of, and a share pod the tightest GPU", (t) => {
  // small: 1 - (8/128 + 1/8) / 2 -> 90; big: 1 - (56/128 + 1/8) / 2 -> 71.
  const pods = pod("a", 8000, 1024, 1, 1000) + pod("b", 4000, 1024, 1, 500) + pod("c", 2000, 1024, 1, 300);
  const run = place(TWO, pods, { policy: "best-fit" });
  t.deepEqual(nodesOf(run), { a: "small", b: "small", c: "small" });
  // a takes GPU 0 whole; b then c share GPU 1 (the only one with room), 200 milli left.
  t.deepEqual(freeOn(run, "small"), [0, 200]);
});

test("every request is enforced: CPU, memory, GPUs with room, the GPU model; CPU-only pods are placed too", (t) => {
  const nodes = "t4,16000,65536,2,T4\nv100,32000,131072,4,V100M32\n";
  const pods =
    pod("wants-v100", 1000, 1024, 1, 1000, "V100M16|V100M32") + // best-fit alone would take t4
    pod("too-much-memory", 1000, 200000, 1, 1000) +
    pod("too-much-cpu", 40000, 1024, 0, 0) +
    pod("cpu-only", 8000, 4096, 0, 0) +
    pod("five-gpus", 1000, 1024, 5, 1000);
  const run = place(nodes, pods, { policy: "best-fit" });
  t.deepEqual(nodesOf(run), {
    "wants-v100": "v100",
    "too-much-memory": "-",
    "too-much-cpu": "-",
    "cpu-only": "t4",
    "five-gpus": "-",
  });
  t.deepEqual(freeOn(run, "t4"), [1000, 1000], "the CPU pod took no GPU");
  t.deepEqual([run.cluster.nodes.cpuFree[0], run.cluster.nodes.memoryFree[0]], [16000 - 8000, 65536 - 4096]);
});

// A share pod p (4 cores, 500 milli), then nine whole-GPU pods of 6 cores: the target workload is 90 % of those.
const CPU_BOUND = "roomy,64000,262144,2,T4\ntight,8000,65536,2,T4\n";
const P_THEN_WHOLE =
  pod("p", 4000, 1024, 1, 500) +
  Array.from({ length: 9 }, (_, i) => pod(`w${i}`, 6000, 1024, 1, 1000)).join("");

test("FGD keeps room for the target workload where best-fit fills the tightest node", (t) => {
  // On tight, p would leave 4 cores: the whole-GPU pods (90 % of the target) could no longer use its 1.5 idle GPUs
  // (q4_lack_cpu: 0.9 x 1500 fragmented, score sigmoid(-1.35) -> 20). On roomy only p's half GPU is lost to them
  // (q2_lack_gpu: 0.9 x 500, sigmoid(-0.45) -> 38). Best-fit scores tight 89, roomy 67.
  t.is(nodesOf(place(CPU_BOUND, P_THEN_WHOLE, { policy: "fgd" })).p, "roomy");
  t.is(nodesOf(place(CPU_BOUND, P_THEN_WHOLE, { policy: "best-fit" })).p, "tight");
});

test("FGD puts a share pod on the GPU it fills rather than on a whole one", (t) => {
  const one = "n,64000,262144,2,T4\n";
  const pods =
    pod("s1", 1000, 1024, 1, 500) +
    pod("s2", 1000, 1024, 1, 500) +
    Array.from({ length: 8 }, (_, i) => pod(`w${i}`, 1000, 1024, 1, 1000)).join("");
  const run = place(one, pods, { policy: "fgd" });
  // s2 completes s1's GPU (fragmentation back to 0) and leaves GPU 1 whole for w0; w1..w7 find no GPU.
  t.deepEqual(freeOn(run, "n"), [0, 0]);
  t.is(run.jobs.state.filter((s) => s === 5).length, 7);
});

test("GPU packing prefers GPUs already in use, then nodes already in use, then the smallest free node", (t) => {
  const nodes = "four,64000,262144,4,T4\ntwo,64000,262144,2,T4\n";
  // a (whole GPU): both nodes free; 33 - 4 = 29 on four, 33 - 2 = 31 on two: two. b (share) then sits beside
  // nothing in use but two's other free GPU (50 - 1 = 49) or four (29): two. c (share) fits on b's GPU (100 - 5).
  const run = place(
    nodes,
    pod("a", 1000, 1024, 1, 1000) + pod("b", 1000, 1024, 1, 500) + pod("c", 1000, 1024, 1, 300),
    {
      policy: "gpu-packing",
    },
  );
  t.deepEqual(nodesOf(run), { a: "two", b: "two", c: "two" });
  t.deepEqual(freeOn(run, "two"), [0, 200]);
});

test("GPU clustering gathers pods of one kind on the nodes holding that kind", (t) => {
  const nodes = "n0,64000,262144,8,G2\nn1,64000,262144,8,G2\nn2,64000,262144,8,G2\n";
  // s: share pod (empty nodes tie: n0); o: 1-GPU pod avoids n0 (it holds another kind): n1;
  // s2 joins n0, o2 joins n1.
  const pods =
    pod("s", 1000, 1024, 1, 500) +
    pod("o", 1000, 1024, 1, 1000) +
    pod("s2", 1000, 1024, 1, 300) +
    pod("o2", 1000, 1024, 1, 1000);
  t.deepEqual(nodesOf(place(nodes, pods, { policy: "gpu-clustering" })), {
    s: "n0",
    o: "n1",
    s2: "n0",
    o2: "n1",
  });
});

test("dot-product prefers the node whose free resources align least with the pod", (t) => {
  // Free CPU/GPU of small (16 cores) against big (64 cores): the dot product is smaller on small.
  t.is(nodesOf(place(TWO, pod("a", 8000, 1024, 1, 1000), { policy: "dot-product" })).a, "small");
});

test("random-fit takes any node that can hold the pod, the same ones for the same seed", (t) => {
  const nodes =
    Array.from({ length: 6 }, (_, i) => `n${i},64000,262144,2,T4\n`).join("") + "cpu,4000,8192,0,\n";
  const pods = Array.from({ length: 20 }, (_, i) => pod(`p${i}`, 8000, 1024, 1, 250)).join("");
  const a = nodesOf(place(nodes, pods, { policy: "random-fit", seed: 3 }));
  t.deepEqual(a, nodesOf(place(nodes, pods, { policy: "random-fit", seed: 3 })));
  t.notDeepEqual(a, nodesOf(place(nodes, pods, { policy: "random-fit", seed: 4 })));
  t.false(Object.values(a).includes("cpu"), "never the node without GPUs (or with too little CPU)");
  t.true(new Set(Object.values(a)).size > 2, "spread over the nodes");
});

test("ties go to the first node, or to a seeded shuffle of the nodes", (t) => {
  const nodes = Array.from({ length: 8 }, (_, i) => `n${i},64000,262144,1,T4\n`).join("");
  const pods = pod("a", 1000, 1024, 1, 1000);
  t.is(nodesOf(place(nodes, pods, { policy: "best-fit" })).a, "n0");
  const shuffled = (seed: number) =>
    nodesOf(place(nodes, pods, { policy: "best-fit", params: { tie_break: "shuffled" }, seed })).a;
  t.is(shuffled(5), shuffled(5));
  t.true(new Set([1, 2, 3, 4, 5, 6].map(shuffled)).size > 1);
});
