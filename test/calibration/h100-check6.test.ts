/**
 * Check H6 (docs/calibration.md): is the H100's mobile bias (checks H3-H5) the GPU's or the nets'? A pair of small
 * mobile nets the H200 measured (zoo27's validation run), rerun on one H100 in session 38; written down before its
 * runs: the GPU's if the pair's mean signed blend error on the H100 lies 2 points or more under the H200's.
 */
import test from "ava";
import { ingestDataset } from "../../calibration/dataset.ts";
import { measuredRuns } from "../../calibration/measured.ts";
import { resolveSetDir } from "../../calibration/set.ts";
import { loadTraces } from "../../calibration/traces.ts";
import { bias, cards, jobsOf, otherGpuCheck, validateWith } from "./other-gpu-check.ts";

const RUN = "mps__mnv4s-in-b256+ghostnetv2-in-b128";
const { runs, h200, blend } = otherGpuCheck("calibration/data/h100-runs-h6", "h6");
const onH200 = () =>
  validateWith(
    "blend",
    h200,
    loadTraces(resolveSetDir("h200")),
    measuredRuns(ingestDataset([`calibration/data/h200-runs/${RUN}`])),
  );

test("check H6's runs are one H100's, the pair the H200 measured among them", (t) => {
  t.is(runs.length, 9);
  t.deepEqual(cards(runs), ["GPU-391dcb1d-da68-3a6e-c23d-ddc1a7d19ee9"]);
  t.true(runs.some((r) => r.runId === RUN && r.validation));
});

test("the pair's bias on the H100 is within 2 points of the H200's: the nets of H3-H5 carry it, not the GPU", (t) => {
  // Session 38: H100 -1.29 % (mnv4s +2.7, ghostnetv2 -5.2); H200 -0.92 % (+3.3, -5.2).
  const [h100Jobs, h200Jobs] = [jobsOf(blend(), "mps"), jobsOf(onH200(), "mps")];
  t.is(h100Jobs.length, 2);
  t.is(h200Jobs.length, 2);
  const [h100, h200Bias] = [bias(h100Jobs), bias(h200Jobs)];
  t.log(`blend mean signed error: H100 ${h100.toFixed(2)} %, H200 ${h200Bias.toFixed(2)} %`);
  t.true(Math.abs(h100 - h200Bias) < 2);
});
