import test from "ava";
import { InputError } from "../../sim/input-error.ts";
import { gpu, gpuModel, gpuNames, gpus, isSimulated, migProfile } from "../../sim/hardware/index.ts";

test("the catalog holds the six MIG GPUs and the openb trace's five public models under one canonical name each", (t) => {
  t.deepEqual(gpuNames(), [
    "A100-SXM4-40GB",
    "A100-80GB",
    "H100-SXM5-80GB",
    "H100-NVL-94GB",
    "H200-141GB",
    "A30-24GB",
    "P100-16GB",
    "V100-16GB",
    "V100-32GB",
    "T4-16GB",
    "A10-24GB",
  ]);
});

test("the openb trace's model names resolve; its undisclosed G1-G3 are models for placement only", (t) => {
  const names = ["P100", "T4", "V100M16", "V100M32", "A10", "G1", "G2", "G3"].map((n) => gpuModel(n).name);
  t.deepEqual(names, ["P100-16GB", "T4-16GB", "V100-16GB", "V100-32GB", "A10-24GB", "G1", "G2", "G3"]);
  t.false(isSimulated(gpuModel("G2")));
  t.true(isSimulated(gpuModel("V100M32")));
  // A sharing model needs SMs and memory: asking for G2 as a GPU says why it cannot be one.
  t.regex(
    t.throws(() => gpu("G2"), { instanceOf: InputError }).message,
    /G2 is known for placement only: an undisclosed model/,
  );
  t.regex(
    t.throws(() => gpuModel("G9"), { instanceOf: InputError }).message,
    /expected a GPU model, one of .*A10-24GB, G1, G2, G3, got "G9"/,
  );
});

test("aliases, case, spaces and the NVIDIA prefix resolve to the canonical GPU", (t) => {
  t.is(gpu("H200").name, "H200-141GB");
  t.is(gpu("nvidia h200").name, "H200-141GB"); // the name nvidia-smi prints on our machine
  t.is(gpu("A100-40GB").name, "A100-SXM4-40GB");
  t.is(gpu("NVIDIA A100-SXM4-40GB").name, "A100-SXM4-40GB");
  t.is(gpu("NVIDIA H100 80GB HBM3").name, "H100-SXM5-80GB");
  t.is(gpu("h100 nvl").name, "H100-NVL-94GB");
  t.is(gpu("a30").name, "A30-24GB");
});

test("every alias names exactly its own GPU", (t) => {
  for (const g of gpus()) for (const alias of [g.name, ...g.aliases]) t.is(gpu(alias).name, g.name, alias);
});

test("an unknown GPU is an InputError that lists every valid name and says where it came from", (t) => {
  const error = t.throws(() => gpu("B200", { file: "scenario.yaml", field: "cluster.gpus[0].model" }), {
    instanceOf: InputError,
  });
  t.true(error.message.startsWith("scenario.yaml: cluster.gpus[0].model: expected a GPU name"));
  for (const name of gpuNames()) t.true(error.message.includes(name), name);
  t.true(error.message.includes('got "B200"'));
});

test("MIG profiles are found by name, by id and by the -lgip name", (t) => {
  const a100 = gpu("A100-40GB");
  t.is(migProfile(a100, "3g.20gb").id, 9);
  t.is(migProfile(a100, 9).name, "3g.20gb");
  t.is(migProfile(a100, "9").name, "3g.20gb");
  t.is(migProfile(a100, "MIG 3G.20GB").id, 9);
  // Same id, other name on another GPU (nvidia-sharing.md §2).
  t.is(migProfile(gpu("H200"), 9).name, "3g.71gb");
});

test("an unknown MIG profile lists the GPU's valid profiles", (t) => {
  const error = t.throws(() => migProfile(gpu("A30"), "3g.12gb"), { instanceOf: InputError });
  for (const name of ["1g.6gb", "2g.12gb", "4g.24gb"]) t.true(error.message.includes(name), name);
});
