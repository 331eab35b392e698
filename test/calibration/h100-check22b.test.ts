/**
 * Check H22b (docs/calibration.md): is check H22's time-sliced miss on ghostnet_130 one card's? Written in session 51
 * after H22's verdicts and before its own runs: on a second H100, ghostnet_130 b32, hardcorenas_b b64 and resnet18d
 * b256 each alone (traced, one process) and at a 64-SM cap, then H22's two time-sliced pairs of ghostnet_130. C1:
 * ghostnet_130's two jobs are again over 10 % too fast by the fast model; C2: the kernel-level replay puts both within
 * 8 %. Nothing is fitted on them: `calibrate --base h200` builds the set.
 */
import test from "ava";
import { cards, jobsOf, otherGpuCheck, summary } from "./other-gpu-check.ts";

const { runs, set, fast, naiveReplay } = otherGpuCheck("calibration/data/h100-runs-h22b", "h22b");
const GHOSTNET = "ghostnet130-in-b32";

test("check H22b's runs are one H100's, not H22's: three solos, three SM caps, two time-sliced pairs", (t) => {
  t.is(runs.length, 8);
  t.deepEqual(cards(runs), ["GPU-f7337dba-8620-0d5a-386b-42a104644610"]);
  t.is(runs.filter((r) => r.mode === "naive").length, 2);
  t.log(
    Object.values(set.workloads)
      .map((w) => `${w.id} busy ${w.busyFraction.toFixed(2)}`)
      .join(", "),
  );
});

test("H22b C1 held: ghostnet_130's time-sliced jobs over 10 % too fast by the fast model on a second card", (t) => {
  // Session 51: +14.5 % beside hardcorenas_b and +13.4 % beside resnet18d (H22's card: +20.0 and +20.6 %); the
  // co-runners -1.1 and -5.9 %.
  const jobs = jobsOf(fast, "naive");
  t.is(jobs.length, 4);
  t.log(`time-sliced: ${summary(jobs)}`);
  const ghostnet = jobs.filter((j) => j.workload === GHOSTNET);
  t.is(ghostnet.length, 2);
  t.true(ghostnet.every((j) => j.error_pct! > 10));
});

test("H22b C2 held: the kernel-level replay puts ghostnet_130's time-sliced jobs within 8 %", (t) => {
  // Session 51: +4.4 and +1.1 % (the co-runners +3.6 and +1.4 %).
  const ghostnet = naiveReplay().filter((j) => j.workload === GHOSTNET);
  t.is(ghostnet.length, 2);
  t.log(
    ghostnet
      .map((j) => `${j.runId}: fast ${j.fast.toFixed(1)} %, replay ${j.replay.toFixed(1)} %`)
      .join("; "),
  );
  t.true(ghostnet.every((j) => Math.abs(j.replay) < 8));
});
