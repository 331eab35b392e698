import test from "ava";
import { loadCalibrationSet } from "../../calibration/set.ts";
import { studyFindings } from "../../study/findings.ts";
import type { ProcessResult, StudyGpuResult, StudyRun } from "../../study/outcome.ts";
import { runStudy } from "../../study/run-study.ts";
import { studyRows } from "../../study/table.ts";
import type { StudyExperiment } from "../../scenarios/study-matrix.ts";

const GIB = 2 ** 30;

/** A hand-made experiment result: `n` copies of `workload`, each at `imagesPerS` (null = out of memory). */
function run(
  experiment: number,
  workload: number,
  mode: StudyExperiment["mode"],
  name: string,
  perProcess: (number | null)[],
  extra: Partial<ProcessResult> = {},
): StudyRun {
  const processes = perProcess.map((imagesPerS) => ({
    workload: name,
    imagesPerS,
    epochS: imagesPerS === null ? null : 50_000 / imagesPerS,
    oom: imagesPerS === null,
    memoryBytes: 8 * GIB,
    ...extra,
  }));
  return {
    experiment: { experiment, workload, mode, processes: processes.map((p) => ({ workload: p.workload })) },
    outcome: { kind: "ran", processes },
  };
}

const R26 = "resnet26-c10-b128";

test("the table puts naive, MPS and MIG of one workload and instance count on one row", (t) => {
  const rows = studyRows([
    run(33, 5, "naive", R26, [150, 150]),
    run(33, 6, "mig", R26, [90, 90]),
    run(33, 7, "mps", R26, [180, null]),
    {
      experiment: {
        experiment: 37,
        workload: 332,
        mode: "mig",
        processes: [{ workload: "a" }, { workload: "b" }, { workload: "b" }],
      },
      migProfiles: ["2g.10gb", "2g.10gb", "4g.20gb"],
      outcome: { kind: "infeasible", reason: "8 compute slices > 7" },
    },
  ]);
  t.is(rows.length, 2);
  const [pair, mix] = rows;
  t.like(pair, { experiment: 33, workload: `2x ${R26}`, instances: 2 });
  t.like(pair.naive, { imagesPerS: 300, oom: 0 });
  t.like(pair.mps, { imagesPerS: 180, oom: 1, processes: 2 });
  t.like(pair.mig[0], { imagesPerS: 180 });
  t.like(mix, { experiment: 37, workload: "a + 2x b", instances: 3 });
  t.like(mix.mig[0], { mark: "infeasible", profile: "2g.10gb+4g.20gb" });
});

function result(runs: StudyRun[]): StudyGpuResult {
  return { gpu: "A100-SXM4-40GB", calibration: "test", gpuMemoryBytes: 40 * GIB, runs };
}

test("findings are computed from the runs: a 3.5x gain for resnet26 holds, 1.2x does not", (t) => {
  const base = [run(33, 1, "naive", R26, [100])];
  const gain = (perProcess: number) =>
    studyFindings(result([...base, run(33, 13, "mps", R26, Array(7).fill(perProcess))]))[0];
  const strong = gain(50); // 7 x 50 = 350 images/s against 100 alone
  t.true(strong.holds);
  t.regex(
    strong.evidence,
    /^up to 3\.50x \(resnet26-c10-b128, mps x7\); epoch time longer than alone for 7 of 7/,
  );
  t.false(gain(120 / 7).holds);
});

test("the memory finding holds only when exactly the oversubscribed runs ran out of memory", (t) => {
  // 8 GiB a process: 3 fit 40 GiB, 7 do not.
  const fits = run(33, 10, "mps", R26, [50, 50, 50]);
  const memory = (over: StudyRun) => studyFindings(result([fits, over]))[1];
  t.true(memory(run(33, 13, "mps", R26, [40, 40, 40, 40, null, null, null])).holds);
  const noOom = memory(run(33, 13, "mps", R26, Array(7).fill(40)));
  t.false(noOom.holds);
  t.is(noOom.evidence, "out of memory in 0 of 1 runs whose footprint exceeds the GPU, in 0 of 1 that fit");
});

test("a finding no run bears on cannot be checked", (t) => {
  const findings = studyFindings(result([]));
  t.true(findings.every((f) => f.holds === null));
});

test("the study on the shipped H200 set: solo throughput is batch over step time, MIG mixes beyond 7 slices are infeasible", (t) => {
  const study = runStudy("H200-141GB");
  const profile = loadCalibrationSet("h200").workloads["resnet26-c10-b128"];
  const solo = study.runs.find((r) => r.experiment.experiment === 33 && r.experiment.workload === 1)!;
  if (solo.outcome.kind !== "ran") return t.fail();
  // Alone on the whole GPU a process runs at its profile's solo speed: batch images per solo step.
  const imagesPerS = profile.batch / profile.stepTimeS;
  t.true(Math.abs(solo.outcome.processes[0].imagesPerS! / imagesPerS - 1) < 1e-9);
  t.true(Math.abs(solo.outcome.processes[0].epochS! - profile.imagesPerEpoch / imagesPerS) < 1e-6);
  const infeasible = study.runs
    .filter((r) => r.outcome.kind === "infeasible")
    .map((r) => r.experiment.workload);
  t.deepEqual(infeasible, [332, 342, 352]);
  t.false(study.runs.some((r) => r.outcome.kind === "not-calibrated"));
});
