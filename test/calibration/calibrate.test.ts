import test from "ava";
import { calibrate } from "../../calibration/calibrate.ts";
import { InputError } from "../../sim/input-error.ts";
import { plans, syntheticDataset, truth } from "./synthetic.ts";
import { near } from "../helpers/near.ts";

test("calibrate recovers the sharing parameters that produced the runs", (t) => {
  const { set } = calibrate(syntheticDataset(), "test");
  t.true(near(set.sharing.switchOverhead, truth.sharing.switchOverhead, { relative: 1e-3 }));
  t.true(near(set.sharing.mpsInterference, truth.sharing.mpsInterference, { relative: 1e-3 }));
  t.true(
    near(set.sharing.mpsClientMemoryDeltaBytes, truth.sharing.mpsClientMemoryDeltaBytes, { relative: 1e-6 }),
  );
  t.true(near(set.sharing.idlePowerW, truth.sharing.idlePowerW, { relative: 1e-6 }));
  t.true(near(set.sharing.powerLoadExponent, truth.sharing.powerLoadExponent, { relative: 1e-4 }));
});

test("calibrate recovers each workload's profile and SM curve", (t) => {
  const { set } = calibrate(syntheticDataset(), "test");
  for (const [id, want] of Object.entries(truth.workloads)) {
    const got = set.workloads[id];
    t.true(near(got.stepTimeS, want.stepTimeS, { relative: 1e-9 }), id);
    t.true(near(got.busyFraction, want.busyFraction, { relative: 1e-9 }), id);
    // The exponent is searched (golden section to 1e-6 of the interval), the rest solved exactly.
    t.true(near(got.smCurve.alpha, want.smCurve.alpha, { relative: 1e-5 }), id);
    t.true(near(got.dramUtil, want.dramUtil, { relative: 1e-9 }), id);
    t.true(near(got.memoryBytes, want.memoryBytes, { relative: 1e-9 }), id);
    t.true(near(got.powerW, want.powerW, { relative: 1e-9 }), id);
  }
});

test("runs marked validation are never fitted", (t) => {
  const { set } = calibrate(syntheticDataset(), "test");
  const validation = plans.filter((p) => p.validation).map((p) => p.id);
  t.true(validation.length > 0);
  for (const id of validation) t.false(set.provenance.runs.includes(id));
});

test("calibrating the same data twice gives the same set", (t) => {
  t.deepEqual(calibrate(syntheticDataset(), "test"), calibrate(syntheticDataset(), "test"));
});

test("a run from another GPU mixed into the dataset is refused", (t) => {
  const ds = syntheticDataset();
  ds.runs[3] = { ...ds.runs[3], gpu_name: "NVIDIA A100-SXM4-40GB" };
  const error = t.throws(() => calibrate(ds, "test"), { instanceOf: InputError });
  t.regex(error.message, /gpu_name/);
});

test("a dataset without co-running runs warns that its sharing parameters stay 0", (t) => {
  const ds = syntheticDataset();
  const alone = new Set(ds.runs.filter((r) => /^(solo|cap\d+)-/.test(r.run_id)).map((r) => r.run_id));
  const { set } = calibrate({ ...ds, runs: ds.runs.filter((r) => alone.has(r.run_id)) }, "test");
  t.is(set.sharing.mpsInterference, 0);
  t.true(
    set.warnings.some((w) => /^no co-running run to fit switchOverhead, .*mpsInterference, .*stay 0/.test(w)),
  );
  // With its pairs and copies, nothing is left unfitted.
  t.false(calibrate(ds, "test").set.warnings.some((w) => w.startsWith("no co-running run")));
});

test("a run that trained under a memory cap gives the workload's least memory and stays out of its solo figures", (t) => {
  const ds = syntheticDataset();
  const id = "solo-medium-cap8";
  const solo = <R extends { run_id: string }>(rows: R[]) => rows.filter((r) => r.run_id === "solo-medium");
  ds.runs.push({ ...solo(ds.runs)[0], run_id: id, memory_cap_gib: 8 } as (typeof ds.runs)[number]);
  ds.workloads.push(...solo(ds.workloads).map((w) => ({ ...w, run_id: id })));
  // Slower and in less memory than alone: only the memory may reach the profile.
  ds.procs.push(
    ...solo(ds.procs).map((p) => ({
      ...p,
      run_id: id,
      throughput_img_s: p.throughput_img_s! / 2,
      nvml_mem_bytes: 8e9,
    })),
  );
  const { set } = calibrate(ds, "test");
  t.is(set.workloads.medium.minMemoryBytes, 8e9);
  t.true(near(set.workloads.medium.stepTimeS, truth.workloads.medium.stepTimeS, { relative: 1e-9 }));
  t.is(set.workloads.small.minMemoryBytes, undefined, "no capped run of it");
  t.true(set.provenance.runs.includes(id));
});

test("a launch-bound workload with one solo run is named in a warning, which its three solo runs quiet", (t) => {
  // "small" is busy 0.4 of its step alone, the others 0.75 and 0.95; each has one solo run.
  const few = (ds: ReturnType<typeof syntheticDataset>) =>
    calibrate(ds, "test").set.warnings.filter((w) => w.startsWith("launch-bound workloads"));
  const ds = syntheticDataset();
  const [warning] = few(ds);
  t.regex(warning, /fewer than 3 solo runs: small: such a job's solo speed moves between processes/);
  t.regex(warning, /repeats: 3/);
  // The same run twice more, under its own names: every table's rows of it copied.
  for (const copy of ["solo-small-r2", "solo-small-r3"])
    for (const rows of Object.values(ds) as { run_id?: string }[][])
      if (Array.isArray(rows))
        rows.push(...rows.filter((r) => r.run_id === "solo-small").map((r) => ({ ...r, run_id: copy })));
  const { set } = calibrate(ds, "test");
  t.true(["solo-small", "solo-small-r2", "solo-small-r3"].every((id) => set.provenance.runs.includes(id)));
  t.deepEqual(few(ds), []);
});
