import test from "ava";
import { stringify } from "yaml";
import { loadCalibrationSet } from "../../calibration/set.ts";
import { transferProfile, transferSharing } from "../../calibration/transfer.ts";
import { evaluate } from "../../explore/model/evaluate.ts";
import { job, makeState } from "../../explore/model/state.ts";
import { simulate, withoutStartup } from "../../sim/cluster/engine.ts";
import { jobMetrics } from "../../sim/cluster/metrics.ts";
import { loadScenario } from "../../sim/cluster/scenario/resolve.ts";
import { gpu, migProfile, mpsClientSms } from "../../sim/hardware/index.ts";
import { combineInstances, share } from "../../sim/sharing/index.ts";
import { SAME, contextOf, coRunner, H200, R152, R26, R26_SMALL, R50, SET, VIEW } from "./fixture.ts";
import { near } from "../helpers/near.ts";

const context = contextOf(H200.name);
const alone = (w: string) =>
  share(VIEW, { mode: "exclusive" }, [coRunner(w)], SET.sharing).stepsPerSecond[0] * SET.workloads[w].batch;

test("time-slicing and MPS: each job's rate, alone and the GPU figures are share()'s", (t) => {
  for (const mode of ["naive", "mps"] as const) {
    const workloads = [R26, R50, R26_SMALL];
    const e = evaluate(
      makeState(
        H200.name,
        mode,
        workloads.map((w) => job(w)),
      ),
      context,
    );
    const r = share(
      VIEW,
      { mode },
      workloads.map((w) => coRunner(w)),
      SET.sharing,
    );
    e.jobs.forEach((j, i) => {
      t.true(near(j.imagesPerS, r.stepsPerSecond[i] * SET.workloads[workloads[i]].batch, SAME), mode);
      t.true(near(j.aloneImagesPerS, alone(workloads[i]), SAME));
    });
    t.true(near(e.gpu.utilization, r.utilization, SAME));
    t.true(near(e.gpu.smActivity, r.smActivity, SAME));
    t.true(near(e.gpu.powerW, r.powerW, SAME));
    t.is(e.gpu.memoryBytes, r.memoryBytes);
  }
});

test("MPS with limits: a percentage caps a job as colloc run does, through mpsClientSms", (t) => {
  const state = makeState(H200.name, "mps-partitioned", [job(R26, 25), job(R50)]);
  const e = evaluate(state, context);
  const cap = mpsClientSms(H200.sms, 25, H200.mps.smGranularity);
  const r = share(VIEW, { mode: "mps" }, [coRunner(R26, cap), coRunner(R50)], SET.sharing);
  t.is(e.jobs[0].smLimit, cap);
  t.is(e.jobs[1].smLimit, undefined);
  t.true(near(e.jobs[0].stepsPerS, r.stepsPerSecond[0], SAME));
  t.true(near(e.jobs[1].stepsPerS, r.stepsPerSecond[1], SAME));
});

test("memory: what each job holds adds up to share()'s, and jobs out of memory hold nothing", (t) => {
  const e = evaluate(
    makeState(
      H200.name,
      "mps",
      Array.from({ length: 7 }, () => job(R152)),
    ),
    context,
  );
  const r = share(VIEW, { mode: "mps" }, Array(7).fill(coRunner(R152)), SET.sharing);
  t.deepEqual(
    e.jobs.map((j) => j.oom),
    r.oom,
  );
  t.true(r.oom.some(Boolean));
  t.is(
    e.jobs.reduce((s, j) => s + j.memoryBytes, 0),
    r.memoryBytes,
  );
  e.jobs.filter((j) => j.oom).forEach((j) => t.is(j.memoryBytes, 0));
});

test("MIG: share() per instance, combineInstances for the GPU, stranded capacity from sim/hardware", (t) => {
  const profiles = ["4g.71gb", "2g.35gb", "1g.18gb"].map((name) => migProfile(H200, name));
  const layout = [0, 4, 6].map((start, i) => ({ profileId: profiles[i].id, start }));
  const workloads = [R26, R50, R26_SMALL];
  const e = evaluate(
    makeState(
      H200.name,
      "mig",
      workloads.map((w) => job(w)),
      { layout },
    ),
    context,
  );
  const results = profiles.map((p, i) => {
    const instance = {
      profile: p.name,
      sms: p.sms,
      memoryBytes: p.usableMemoryBytes,
      bandwidthShare: p.memorySlices / H200.memorySlices,
    };
    return share(VIEW, { mode: "mig", instance, inside: "exclusive" }, [coRunner(workloads[i])], SET.sharing);
  });
  e.jobs.forEach((j, i) => t.true(near(j.stepsPerS, results[i].stepsPerSecond[0], SAME)));
  const gpuLevel = combineInstances(results, SET.sharing);
  t.true(near(e.gpu.powerW, gpuLevel.powerW, SAME));
  t.true(near(e.gpu.utilization, gpuLevel.utilization, SAME));
  t.deepEqual(e.mig!.stranded, { memorySlices: [7], computeSlices: 0 });
  t.is(e.mig!.smsInNoInstance, H200.sms - profiles.reduce((s, p) => s + p.sms, 0));
});

test("another GPU: the set's profiles transferred by calibration/transfer.ts, nothing measured", (t) => {
  const a100 = gpu("A100-80GB");
  const e = evaluate(makeState(a100.name, "naive", [job(R26), job(R50)]), contextOf(a100.name));
  const view = { name: a100.name, sms: a100.sms, memoryBytes: a100.memoryBytes };
  const moved = [R26, R50].map((w) => ({ profile: transferProfile(SET.workloads[w], H200, a100) }));
  const r = share(view, { mode: "naive" }, moved, transferSharing(SET.sharing, a100));
  e.jobs.forEach((j, i) => t.true(near(j.stepsPerS, r.stepsPerSecond[i], SAME)));
  t.is(e.measuredKey, null);
});

test("the page's rates are the ones `colloc run` simulates for the same jobs", (t) => {
  for (const mode of ["naive", "mps"] as const) {
    const scenario = {
      name: `explore-${mode}`,
      seed: 1,
      calibration: "h200",
      hardware: { gpus: [{ gpu: H200.name, sharing: { mode } }] },
      jobs: { list: [0, 1].map((k) => ({ id: `j${k}`, arrival_s: 0, workload: R26, iterations: 2000 })) },
      scheduler: { policy: mode === "mps" ? "mps-pack" : "naive-pack" },
    };
    const input = loadScenario(stringify(scenario), {
      file: "explore.yaml",
      calibration: loadCalibrationSet,
      readText: () => "",
    });
    const metrics = jobMetrics(simulate(withoutStartup(input)));
    const e = evaluate(makeState(H200.name, mode, [job(R26), job(R26)]), context);
    e.jobs.forEach((j, k) => {
      const simulated = (metrics.epochsPerHour[k] / 3600) * SET.workloads[R26].imagesPerEpoch;
      t.true(
        Math.abs(simulated - j.imagesPerS) <= 1e-6 * j.imagesPerS,
        `${mode}: ${simulated} vs ${j.imagesPerS}`,
      );
    });
  }
});
