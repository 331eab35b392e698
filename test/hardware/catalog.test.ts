/**
 * The catalog against the facts in ../shared/reference/nvidia-sharing.md (independent: copied from real
 * `nvidia-smi mig -lgip` outputs and NVIDIA's profile tables), plus its internal consistency.
 */
import test from "ava";
import { GIB, gpu, gpus, migProfiles } from "../../sim/hardware/index.ts";

const byId = (name: string) => new Map(migProfiles(gpu(name)).map((p) => [p.id, p]));

test("profile names per GPU follow the §2 table", (t) => {
  const names = (name: string) => [19, 20, 15, 14, 9, 5, 0].map((id) => byId(name).get(id)?.name);
  t.deepEqual(names("A100-SXM4-40GB"), [
    "1g.5gb",
    "1g.5gb+me",
    "1g.10gb",
    "2g.10gb",
    "3g.20gb",
    "4g.20gb",
    "7g.40gb",
  ]);
  t.deepEqual(names("A100-80GB"), [
    "1g.10gb",
    "1g.10gb+me",
    "1g.20gb",
    "2g.20gb",
    "3g.40gb",
    "4g.40gb",
    "7g.80gb",
  ]);
  t.deepEqual(names("H100-SXM5-80GB"), names("A100-80GB"));
  t.deepEqual(names("H100-NVL-94GB"), [
    "1g.12gb",
    "1g.12gb+me",
    "1g.24gb",
    "2g.24gb",
    "3g.47gb",
    "4g.47gb",
    "7g.94gb",
  ]);
  t.deepEqual(names("H200-141GB"), [
    "1g.18gb",
    "1g.18gb+me",
    "1g.35gb",
    "2g.35gb",
    "3g.71gb",
    "4g.71gb",
    "7g.141gb",
  ]);
  t.deepEqual(
    [14, 21, 5, 6, 0].map((id) => byId("A30-24GB").get(id)?.name),
    ["1g.6gb", "1g.6gb+me", "2g.12gb", "2g.12gb+me", "4g.24gb"],
  );
});

test("SMs per profile follow the §3 table", (t) => {
  const sms = (name: string) => [19, 15, 14, 9, 5, 0].map((id) => byId(name).get(id)?.sms);
  t.deepEqual(sms("A100-SXM4-40GB"), [14, 14, 28, 42, 56, 98]);
  t.deepEqual(sms("H100-SXM5-80GB"), [16, 26, 32, 60, 64, 132]);
  t.deepEqual(sms("H200-141GB"), [16, 26, 32, 60, 64, 132]);
  t.deepEqual(
    [14, 5, 0].map((id) => byId("A30-24GB").get(id)?.sms),
    [14, 28, 56],
  );
});

test("usable memory per profile follows the §3 -lgip values", (t) => {
  const gib = (name: string, ids: number[]) => ids.map((id) => byId(name).get(id)!.usableMemoryBytes / GIB);
  t.deepEqual(gib("A100-SXM4-40GB", [19, 14, 9, 5, 0]), [4.75, 9.62, 19.5, 19.5, 39.25]);
  t.deepEqual(gib("H100-SXM5-80GB", [19, 15, 14, 9, 5, 0]), [9.75, 19.62, 19.62, 39.5, 39.5, 79.25]);
  t.deepEqual(gib("H100-NVL-94GB", [19, 15, 14, 9, 5, 0]), [10.75, 21.62, 21.62, 46.38, 46.38, 93.12]);
  t.is(byId("H200-141GB").get(9)!.usableMemoryBytes, 74_893_492_224);
});

test("placements follow §2: sizes, starts and maximum counts", (t) => {
  const a100 = byId("A100-SXM4-40GB");
  t.deepEqual(
    [19, 15, 14, 9, 5, 0].map((id) => [
      a100.get(id)!.memorySlices,
      a100.get(id)!.computeSlices,
      a100.get(id)!.maxCount,
    ]),
    [
      [1, 1, 7],
      [2, 1, 4],
      [2, 2, 3],
      [4, 3, 2],
      [4, 4, 1],
      [8, 7, 1],
    ],
  );
  t.deepEqual(a100.get(14)!.starts, [0, 2, 4]);
  t.deepEqual(a100.get(15)!.starts, [0, 2, 4, 6]);
  t.deepEqual(byId("A30-24GB").get(5)!.starts, [0, 2]);
});

test("every entry is consistent with its GPU and names a source", (t) => {
  for (const g of gpus()) {
    t.truthy(g.source && g.power.source && g.mps.source, g.name);
    t.true(g.power.idleW < g.power.maxW, g.name);
    if (g.memorySlices === 0) {
      // No MIG: no profiles, and every SM is usable.
      t.deepEqual([g.computeSlices, g.migProfiles.length, g.migSms], [0, 0, g.sms], g.name);
      continue;
    }
    const whole = g.migProfiles.find((p) => p.memorySlices === g.memorySlices)!;
    t.is(whole.computeSlices, g.computeSlices, g.name);
    t.is(whole.sms, g.migSms, g.name);
    for (const p of g.migProfiles) {
      t.truthy(p.source, `${g.name} ${p.name}`);
      t.true(p.usableMemoryBytes <= g.memoryBytes, `${g.name} ${p.name}`);
      t.true(p.sms <= g.migSms, `${g.name} ${p.name}`);
      for (const s of p.starts) t.true(s + p.memorySlices <= g.memorySlices, `${g.name} ${p.name}@${s}`);
      t.true(
        p.computeInstances.every((ci) => ci.starts.every((s) => s + ci.computeSlices <= p.computeSlices)),
        `${g.name} ${p.name} compute instances`,
      );
      t.true(
        p.computeInstances.some((ci) => ci.computeSlices === p.computeSlices),
        `${g.name} ${p.name} full CI`,
      );
    }
  }
});

test("the openb trace's public GPU models carry their datasheets' SMs, memory and bandwidth", (t) => {
  const facts = (name: string) => {
    const g = gpu(name);
    return [g.architecture, g.sms, g.memoryBytes / GIB, g.memoryBandwidthBytesPerS / 1e9, g.power.maxW];
  };
  t.deepEqual(facts("P100"), ["Pascal", 56, 16, 732, 250]);
  t.deepEqual(facts("V100M16"), ["Volta", 80, 16, 900, 300]);
  t.deepEqual(facts("V100M32"), ["Volta", 80, 32, 900, 300]);
  t.deepEqual(facts("T4"), ["Turing", 40, 16, 320, 70]);
  t.deepEqual(facts("A10"), ["Ampere", 72, 24, 600, 150]);
  // MPS before Volta: 16 clients (NVIDIA's MPS documentation), 48 from Volta on.
  t.deepEqual(
    ["P100", "V100M16", "T4", "A10"].map((n) => gpu(n).mps.maxClients),
    [16, 48, 48, 48],
  );
});
