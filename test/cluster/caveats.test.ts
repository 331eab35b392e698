import test from "ava";
import { stringify } from "yaml";
import { caveats } from "../../sim/cluster/caveats.ts";
import { loadScenario } from "../../sim/cluster/scenario/resolve.ts";
import type { WorkloadProfile } from "../../sim/sharing/types.ts";
import { calibration, gpus, job, testProfile } from "./fixtures.ts";

const kernels = { perStep: 1000, exposedPerStep: 10, meanUs: 50, turnUs: 80 };
/** Traced: 80-us large kernels, 1 kernel per ms (1,000 a 1-s step), SM activity 0.5 / 0.5 = 1 while busy. */
const traced = (id: string, extra: Partial<WorkloadProfile> = {}): WorkloadProfile => ({
  ...testProfile(id),
  kernels,
  ...extra,
});
const workloads = {
  plain: traced("plain"),
  // Its probe kept 300 kernels a step: other algorithms than alone.
  autotuned: traced("autotuned", { startedTogether: { kernels: { ...kernels, perStep: 300 } } }),
  // Its probe kept the solo kernels, within 10 %.
  steady: traced("steady", { startedTogether: { kernels: { ...kernels, perStep: 1050 } } }),
  untraced: testProfile("untraced"),
  scaled: { ...traced("scaled"), transferred: true },
  // 400-us large kernels, beyond the 50-200 us the fit read.
  long: traced("long", { kernels: { ...kernels, turnUs: 400 } }),
};
const mpsFitRange = {
  turnUs: [50, 200] as [number, number],
  kernelsPerMs: [0.5, 20] as [number, number],
  activity: [0.4, 1] as [number, number],
};

const scenario = (sharing: Record<string, unknown>, set: object = {}) =>
  loadScenario(
    stringify({
      name: "caveats",
      seed: 1,
      calibration: "test",
      hardware: gpus(sharing),
      jobs: { list: Object.keys(workloads).map((w, i) => job(`j${i}`, 0, w, 10)) },
      scheduler: { policy: sharing.mode === "mps" ? "mps-pack" : "naive-pack", params: {} },
    }),
    {
      file: "test.yaml",
      calibration: () => ({ ...calibration, workloads, mpsFitRange, ...set }),
      readText: () => "",
    },
  );

test("under MPS: transferred, untraced, beyond the fit's range and autotune-sensitive workloads, by id", (t) => {
  const found = caveats(scenario({ mode: "mps" }));
  t.deepEqual(
    found.map((c) => c.slice(0, c.indexOf(":"))),
    ["autotuned", "long", "scaled", "untraced"],
  );
  t.regex(found[0], /300 kernels a step against 1000/);
  t.regex(found[1], /large kernels' mean length 400 us \(the fit read 50 us to 200 us\)/);
  t.regex(found[2], /scaled from another GPU/);
  t.regex(found[3], /no kernel trace/);
});

test("without MPS only a profile scaled from another GPU is a caveat", (t) => {
  t.deepEqual(
    caveats(scenario({ mode: "naive" })).map((c) => c.slice(0, c.indexOf(":"))),
    ["scaled"],
  );
});

test("a set whose sharing parameters came from another GPU says so wherever jobs share a GPU", (t) => {
  const carried = { transfers: [{ path: "sharing.mpsInterference", from: "H200-141GB (set h200)" }] };
  for (const mode of ["mps", "naive"]) {
    const found = caveats(scenario({ mode }, carried));
    t.regex(
      found[0],
      /^sharing parameters kept from H200-141GB \(set h200\), not fitted on .*'s co-running runs/,
    );
  }
  t.false(caveats(scenario({ mode: "exclusive" }, carried)).some((c) => c.startsWith("sharing parameters")));
  t.false(caveats(scenario({ mode: "mps" })).some((c) => c.startsWith("sharing parameters")));
});
