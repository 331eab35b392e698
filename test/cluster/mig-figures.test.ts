/**
 * A MIG GPU's whole-GPU figures: the simulator's timeline and validation's prediction of the same run come from
 * one function (sim/sharing's combineInstances), so they agree.
 */
import test from "ava";
import { stringify } from "yaml";
import { predictRun } from "../../calibration/predict.ts";
import { simulate } from "../../sim/cluster/engine.ts";
import { loadScenario } from "../../sim/cluster/scenario/resolve.ts";
import { truth } from "../calibration/synthetic.ts";
import { near } from "../helpers/near.ts";

const WORKLOADS = ["large", "medium", "small"];

/** One H200 split as `layout`, one long job per instance (in layout order), all arriving at 0. */
function migRun(layout: string[]) {
  const text = stringify({
    name: "mig-figures",
    seed: 1,
    calibration: "truth",
    hardware: { gpus: [{ gpu: "H200-141GB", count: 1, sharing: { mode: "mig", layout } }] },
    jobs: {
      list: layout.map((_, i) => ({ id: `j${i}`, arrival_s: 0, workload: WORKLOADS[i], iterations: 1e6 })),
    },
    scheduler: { policy: "mig-static" },
  });
  const input = loadScenario(text, { file: "mig.yaml", calibration: () => truth, readText: () => "" });
  const run = simulate(input);
  const t = run.ledger.timeline;
  // The GPU's last change at time 0: every job is running.
  const row = t.time.length - 1 - [...t.time.values()].reverse().indexOf(0);
  const jobs = t.jobs.values()[row];
  const simulated = {
    utilization: t.utilization.values()[row],
    smActivity: t.smActivity.values()[row],
    memoryBytes: t.memoryBytes.values()[row],
    powerW: t.powerW.values()[row],
  };
  // Which instance each job got: the job's device, whose instance names the profile.
  const processes = layout.map((_, i) => {
    const device = run.cluster.devices[run.jobs.device[i]];
    return { workload: WORKLOADS[i], migProfile: device.instance!.profile };
  });
  const predicted = predictRun(truth, { source: "mig.yaml", gpu: "H200-141GB", mode: "mig", processes });
  return { jobs, simulated, predicted };
}

for (const layout of [["3g.71gb", "2g.35gb", "2g.35gb"], ["7g.141gb"]]) {
  test(`MIG ${layout.join(" + ")}: simulated whole-GPU figures are validation's`, (t) => {
    const { jobs, simulated, predicted } = migRun(layout);
    t.is(jobs, layout.length);
    // Equal but for the order the instances are summed in (the simulator's device order, the run's process order).
    for (const key of ["utilization", "smActivity", "memoryBytes", "powerW"] as const)
      t.true(near(simulated[key], predicted[key], { relative: 1e-12 }), key);
  });
}

test("a 7g instance holding all the SMs pays the board's idle power once", (t) => {
  const { simulated } = migRun(["7g.141gb"]);
  const alone = predictRun(truth, {
    source: "exclusive",
    gpu: "H200-141GB",
    mode: "exclusive",
    processes: [{ workload: "large" }],
  });
  t.true(near(simulated.powerW, alone.powerW, { relative: 1e-12 }));
});
