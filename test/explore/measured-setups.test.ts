import test from "ava";
import type { MeasuredProc, MeasuredRun } from "../../calibration/measured.ts";
import { measuredSetups } from "../../explore/build/measured-setups.ts";
import { setupKey } from "../../explore/model/measured-setup.ts";
import { R152, R26, R50 } from "./fixture.ts";

const GPU = "H200-141GB";
const proc = (
  workload: string,
  stepsPerSecond: number | null,
  smLimit: number | null = null,
): MeasuredProc => ({
  proc: 0,
  workload,
  smLimit,
  outcome: stepsPerSecond === null ? "oom" : "ok",
  stepsPerSecond,
  batch: 128,
  memoryBytes: null,
});

const run = (
  runId: string,
  mode: string,
  procs: MeasuredProc[],
  extra: Partial<MeasuredRun> = {},
): MeasuredRun => ({
  runId,
  mode,
  gpu: "NVIDIA H200",
  gpuUuid: "GPU-test",
  validation: false,
  startedTogether: true,
  freshProcesses: true,
  usable: true,
  notWhole: null,
  memoryCapBytes: null,
  procs: procs.map((p, i) => ({ ...p, proc: i })),
  utilization: 1,
  smActivity: 0.8,
  dramUtil: 0.3,
  powerW: 600,
  memoryUsedBytes: 20e9,
  baselineMemoryBytes: 6e8,
  ...extra,
});

test("repeat runs of a setup are one setup, their figures averaged", (t) => {
  const setups = measuredSetups(
    [
      run("a", "exclusive", [proc(R26, 10)], { powerW: 500 }),
      run("b", "exclusive", [proc(R26, 12)], { powerW: 700, memoryUsedBytes: 22e9 }),
    ],
    GPU,
    1e9,
  );
  t.is(setups.length, 1);
  t.is(setups[0].key, setupKey("exclusive", [{ workload: R26, smLimit: null }]));
  t.deepEqual(setups[0].runs, ["a", "b"]);
  t.is(setups[0].processes[0].imagesPerS, 11 * 128);
  t.is(setups[0].powerW, 600);
  t.is(setups[0].memoryBytes, 20e9, "peak used less the set's baseline");
});

test("processes are listed by workload and cap, those that trained before those out of memory", (t) => {
  const [setup] = measuredSetups([run("r", "mps", [proc(R152, null), proc(R50, 3), proc(R152, 2)])], GPU, 0);
  t.deepEqual(
    setup.processes.map((p) => [p.workload, p.imagesPerS, p.oomRuns]),
    [
      [R152, 256, 0],
      [R152, null, 1],
      [R50, 384, 0],
    ],
  );
});

test("a cap is part of the setup, as the SMs the process saw", (t) => {
  const setups = measuredSetups(
    [run("p", "mps-partitioned", [proc(R26, 5, 60)]), run("q", "mps-partitioned", [proc(R26, 4, 32)])],
    GPU,
    0,
  );
  t.deepEqual(
    setups.map((s) => s.key),
    ["mps-partitioned:resnet26-c10-b128@32", "mps-partitioned:resnet26-c10-b128@60"],
  );
});

test("runs a page setup cannot equal are left out", (t) => {
  const setups = measuredSetups(
    [
      run("cap", "exclusive", [proc(R26, 10)], { memoryCapBytes: 8 * 2 ** 30 }),
      run("broken", "naive", [proc(R26, 10), proc(R26, 10)], {
        usable: false,
        notWhole: "its manifest says partial",
      }),
      run("green", "green", [proc(R26, 10, 16)]),
      run("replay", "replay", [proc(R26, 10)]),
      run("a100", "exclusive", [proc(R26, 10)], { gpu: "NVIDIA A100-SXM4-40GB" }),
      run("unknown", "exclusive", [proc(R26, 10)], { gpu: "Some GPU" }),
    ],
    GPU,
    0,
  );
  t.deepEqual(setups, []);
});
