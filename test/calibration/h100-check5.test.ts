/**
 * Check H5 (docs/calibration.md): check H4's three small mobile nets paired at b128, where their large kernels run
 * about half as long, profiled and mixed on one H100 in session 38; written down before its runs: every net's large
 * kernels under 100 us, and the pairs' jobs' mean signed error by the blend above -3 % (H4 at b256: -5.15 %).
 */
import test from "ava";
import { bias, cards, jobsOf, otherGpuCheck } from "./other-gpu-check.ts";

const { runs, set, fast, replay, blend } = otherGpuCheck("calibration/data/h100-runs-h5", "h5");
const NETS = ["fbnetc-in-b128", "semnasnet-in-b128", "spnasnet-in-b128"];

test("check H5's runs are one H100's; at b128 each net's large kernels run under 100 us, as H5 needs", (t) => {
  t.is(runs.length, 15);
  t.deepEqual(cards(runs), ["GPU-5629e707-284d-e6e5-2ecd-88292b5aebaa"]);
  t.deepEqual(Object.keys(set.workloads), NETS);
  // Session 38: 73-87 us (144-166 us at b256 in check H4), large kernels still under 0.6 of the kernel time.
  for (const w of NETS) {
    const k = set.workloads[w].kernels!;
    t.true(k.turnUs! < 100 && k.largeShare! < 0.6, w);
  }
});

test("the b128 pairs are still predicted too slow: the blend's mean misses the -3 % H5 expected, by a hair", (t) => {
  // Session 38: blend -3.01 % over the six jobs (fast -4.19, replay -1.82); at b256 (check H4) -5.15 %. The claim
  // was "above -3 %": it failed. Shorter kernels halved the bias less than the H200's mixes of such nets (+1.8 %)
  // said they would.
  const [f, r, b] = [fast, replay(), blend()].map((v) => jobsOf(v, "mps"));
  t.is(b.length, 6);
  t.log(`pairs: blend ${bias(b).toFixed(2)} %, fast ${bias(f).toFixed(2)} %, replay ${bias(r).toFixed(2)} %`);
  t.true(bias(b) <= -3);
  t.true(bias(b) > -5.15);
  t.true(bias(f) < bias(b) && bias(b) < bias(r));
});
