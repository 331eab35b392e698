/**
 * zoo28 (docs/calibration.md, "zoo28 recorded"): four models new to the dataset (inception_next_tiny b64,
 * mixer_b16_224 b64, coatnet_0_rw_224 b64, fbnetc_100 b256), each beside three fitted ones, two triples and four
 * copies of fbnetc_100; 15 plain-MPS validation runs, 34 jobs, recorded in session 52 and predicted by the shipped
 * H200 set. The doc's table of the four MPS models comes back from the committed runs, and rule R7 judges rule G on
 * them.
 */
import test from "ava";
import {
  blendRuleRuns,
  figuresTable,
  MODELS,
  ruleR7Holds,
  type Figures,
  type ModelName,
} from "./blend-rules.ts";

const zoo28 = blendRuleRuns(/inceptionnextt|mixerb16|coatnet0|fbnetc/);

/** docs/calibration.md's table (session 52, scratch script over `validateRuns` with each MPS model). */
const RECORDED: Record<ModelName, Figures> = {
  fast: { perJob: 7.94, maxJob: 22.4, runTotals: 3.34 },
  replay: { perJob: 4.86, maxJob: 13.8, runTotals: 2.48 },
  "even blend": { perJob: 3.85, maxJob: 10.9, runTotals: 1.82 },
  "rule G blend": { perJob: 3.57, maxJob: 10.9, runTotals: 1.87 },
};

test("zoo28's 15 plain-MPS runs, 34 jobs, all of its plan group: the four MPS models' figures as docs/calibration.md records them", (t) => {
  const { runIds, experiments, jobs, figures } = zoo28;
  t.is(runIds.length, 15);
  t.is(jobs, 34);
  t.deepEqual(experiments, ["zoo28-unseen-check"]);
  t.log(`\n${figuresTable(figures)}`);
  // Per job and run totals to 0.01 point, the worst job to the 0.1 point the doc gives it to.
  for (const m of MODELS) {
    const [got, doc] = [figures[m], RECORDED[m]];
    t.true(Math.abs(got.perJob - doc.perJob) <= 0.01, `${m} per job ${got.perJob} % (doc ${doc.perJob} %)`);
    t.true(Math.abs(got.maxJob - doc.maxJob) <= 0.05, `${m} max job ${got.maxJob} % (doc ${doc.maxJob} %)`);
    t.true(
      Math.abs(got.runTotals - doc.runTotals) <= 0.01,
      `${m} run totals ${got.runTotals} % (doc ${doc.runTotals} %)`,
    );
  }
});

test("rule R7 on rule G: on zoo28's jobs the rule-G blend's per-job MAPE is at most 0.5 point above the even blend's", (t) => {
  const { figures } = zoo28;
  t.log(
    `rule G blend ${figures["rule G blend"].perJob.toFixed(2)} %, even blend ${figures["even blend"].perJob.toFixed(2)} %`,
  );
  t.true(ruleR7Holds(figures));
});
