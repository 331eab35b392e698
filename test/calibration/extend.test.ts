import test from "ava";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Dataset } from "../../calibration/dataset.ts";
import { extendSet, type BaseSet } from "../../calibration/extend.ts";
import { ingestDataset } from "../../calibration/dataset.ts";
import { loadCalibrationSet, parseCalibrationSet, resolveSetDir } from "../../calibration/set.ts";
import { InputError } from "../../sim/input-error.ts";
import { syntheticDataset, truth } from "./synthetic.ts";

/** A base set of `small` alone, with sharing parameters of its own, in a folder without tables. */
const base: BaseSet = {
  name: "base",
  dir: mkdtempSync(join(tmpdir(), "colloc-extend-")),
  set: {
    ...truth,
    provenance: { ...truth.provenance, command: "colloc calibrate base-tables --out base" },
    sharing: { ...truth.sharing, switchOverhead: 0.4, mpsInterference: 0.2 },
    workloads: { small: truth.workloads.small },
    warnings: ["a warning of the base's own"],
  },
};

/** The synthetic runs of `medium` and `large` only, alone and SM-capped, with DRAM samples as GPM gives them. */
function newRuns(): Dataset {
  const ds = syntheticDataset();
  const keep = new Set(
    ds.runs.filter((r) => /^(solo|cap\d+)-(medium|large)$/.test(r.run_id)).map((r) => r.run_id),
  );
  const of = <R extends { run_id: string }>(rows: R[]) => rows.filter((r) => keep.has(r.run_id));
  return {
    ...ds,
    dir: "new-tables",
    runs: of(ds.runs),
    workloads: of(ds.workloads),
    procs: of(ds.procs),
    steps: of(ds.steps),
    iterations: of(ds.iterations),
    kernels: of(ds.kernels),
    jobs: of(ds.jobs),
    samples: of(ds.samples).map((s) => ({ ...s, gpm_dram_bw_util: 30 })),
  };
}

test("--base adds the dataset's workloads to a copy of the set and keeps its sharing parameters", (t) => {
  const { set } = extendSet(base, newRuns(), "colloc calibrate new-tables --base base --out mine");
  parseCalibrationSet("mine/parameters.json", set);
  t.deepEqual(set.sharing, base.set.sharing);
  t.deepEqual(Object.keys(set.workloads), ["large", "medium", "small"]);
  t.is(set.workloads.small, base.set.workloads.small);
  t.true(Math.abs(set.workloads.medium.stepTimeS / truth.workloads.medium.stepTimeS - 1) < 0.01);
  t.deepEqual(set.provenance.base, {
    set: "base",
    command: "colloc calibrate base-tables --out base",
    date: truth.provenance.date,
  });
  t.is(set.provenance.command, "colloc calibrate new-tables --base base --out mine");
  t.true(set.provenance.sources.includes("new-tables"));
  t.true(set.provenance.runs.includes("solo-medium"));
});

test("--base says what the new workloads lack and what the simulator assumes instead", (t) => {
  const { set } = extendSet(base, newRuns(), "test");
  t.is(set.warnings[0], "a warning of the base's own");
  t.true(set.warnings.some((w) => /^no start-up replay of large, medium .*no start-up phase/.test(w)));
  t.true(set.warnings.some((w) => /^no memory-capped run of large, medium: .*whole solo footprint/.test(w)));
});

test("co-running runs of the dataset are not fitted with --base, and a warning says so", (t) => {
  const ds = syntheticDataset();
  const withPair = newRuns();
  const pair = ds.runs.find((r) => r.run_id === "naive-medium-x2")!;
  const of = <R extends { run_id: string }>(rows: R[]) => rows.filter((r) => r.run_id === pair.run_id);
  const { set } = extendSet(
    base,
    {
      ...withPair,
      runs: [...withPair.runs, pair],
      workloads: [...withPair.workloads, ...of(ds.workloads)],
      procs: [...withPair.procs, ...of(ds.procs)],
      samples: [...withPair.samples, ...of(ds.samples)],
    },
    "test",
  );
  t.deepEqual(set.sharing, base.set.sharing);
  t.true(
    set.warnings.includes(
      "1 co-running run(s) of new-tables not fitted (naive-medium-x2): --base keeps base's sharing parameters (calibrate without --base fits them)",
    ),
  );
});

test("a workload without kernel-traced solo runs is skipped with the reason, the others are added", (t) => {
  const ds = newRuns();
  const { set } = extendSet(
    base,
    { ...ds, iterations: ds.iterations.filter((i) => i.run_id !== "solo-large") },
    "test",
  );
  t.deepEqual(Object.keys(set.workloads), ["medium", "small"]);
  t.deepEqual(
    set.skipped.map((s) => s.workload),
    ["large"],
  );
  t.regex(set.skipped[0].reason, /^iterations\.busy_us: expected kernel-traced iterations of a solo run/);
});

test("a dataset of two GPUs is refused, naming the run", (t) => {
  const ds = newRuns();
  ds.runs[1] = { ...ds.runs[1], gpu_name: "NVIDIA A100-SXM4-40GB" };
  const error = t.throws(() => extendSet(base, ds, "test"), { instanceOf: InputError });
  t.is(error.field, `${ds.runs[1].run_id}.gpu_name`);
  t.is(error.expected, "a run on H200-141GB like the others (one set per GPU)");
});

test("a dataset of another GPU gets a set of that GPU with the base's sharing parameters alone", (t) => {
  const ds = newRuns();
  const h100 = { ...ds, runs: ds.runs.map((r) => ({ ...r, gpu_name: "NVIDIA H100 80GB HBM3" })) };
  const { set, keptWorkloads, warnings } = extendSet(
    base,
    h100,
    "colloc calibrate new-tables --base base --out mine",
  );
  parseCalibrationSet("mine/parameters.json", set);
  t.is(set.gpu.name, "H100-SXM5-80GB");
  // The base's workload ran on its own GPU: only the dataset's are profiled here.
  t.deepEqual(Object.keys(set.workloads), ["large", "medium"]);
  const { idlePowerW, maxPowerW, ...ratios } = set.sharing;
  const { idlePowerW: baseIdle, maxPowerW: baseMax, ...baseRatios } = base.set.sharing;
  t.deepEqual(ratios, baseRatios);
  t.notDeepEqual([idlePowerW, maxPowerW], [baseIdle, baseMax]);
  // Each kept parameter is listed as carried from the base's GPU, and a warning says how to fit them here.
  t.deepEqual(
    set.transfers.map((x) => x.path),
    Object.keys(baseRatios).map((k) => `sharing.${k}`),
  );
  t.true(set.transfers.every((x) => x.from === "H200-141GB (set base)"));
  t.false(set.warnings.includes("a warning of the base's own"));
  t.regex(set.warnings[0], /^sharing parameters kept as base fitted them on H200-141GB's co-running runs/);
  t.false(keptWorkloads);
  t.deepEqual(warnings, set.warnings);
});

test("--base warns of a new workload whose turn figures lie beyond what the base's MPS fit read", (t) => {
  // zoo16's efficientformerv2_s0, profiled alone as a user would (solo with a kernel trace, SM caps), added to the
  // shipped H200 set: its kernels keep 25 % of the SMs active while they run, the fit's workloads' 49-99 %.
  const folders = ["exclusive__efficientformerv2s0-in-b128", "16", "32", "64"].map((f) =>
    f.startsWith("exclusive")
      ? `calibration/data/h200-runs/${f}`
      : `calibration/data/h200-runs/mps-partitioned__efficientformerv2s0-in-b128__sm${f}`,
  );
  const h200: BaseSet = { name: "h200", dir: resolveSetDir("h200"), set: loadCalibrationSet("h200") };
  const extension = extendSet(h200, ingestDataset(folders), "colloc calibrate mine --base h200 --out mine");
  const { set } = extension;
  // The base held efficientformerv2_s0 too, with this warning: it goes with the profile replaced, and the new one's
  // stays.
  t.true(
    h200.set.warnings.some((w) => w.startsWith("efficientformerv2s0-in-b128: SM activity while busy 0.25")),
  );
  const beyond = set.warnings.filter((w) =>
    w.startsWith("efficientformerv2s0-in-b128: SM activity while busy 0.25 (the fit read 0.49 to 0.99)"),
  );
  t.is(beyond.length, 1, set.warnings.join("\n"));
  t.true(set.warnings.includes("efficientformerv2s0-in-b128: replaces the profile h200 had"));
  // The replaced workload leaves the base's lists of what it lacks; DIR's own list names it once.
  const startups = set.warnings.filter((w) => w.startsWith("no start-up replay of "));
  t.is(startups.length, 2);
  t.false(startups[0].includes("efficientformerv2s0-in-b128"));
  t.true(startups[0].includes("effb0-in-b64, effb2-in-b64"));
  t.true(startups[1].startsWith("no start-up replay of efficientformerv2s0-in-b128 (alone"));
  t.true(beyond[0].endsWith("its MPS predictions are less sure"));
  // What the dataset brought, whole, though the set dropped one of the base's warnings (calibrate prints these).
  t.true(extension.keptWorkloads);
  t.is(extension.warnings[0], "efficientformerv2s0-in-b128: replaces the profile h200 had");
  t.deepEqual(set.warnings.slice(-extension.warnings.length), extension.warnings);
  t.is(set.warnings.length - extension.warnings.length, h200.set.warnings.length - 1);
  // A base without a range (sets made before it) warns of nothing of the kind.
  const { set: plain } = extendSet(base, newRuns(), "colloc calibrate new-tables --base base --out mine");
  t.false(plain.warnings.some((w) => w.includes("beyond the MPS fit")));
});
