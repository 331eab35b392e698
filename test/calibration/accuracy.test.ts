/**
 * Issue 5's accuracy figures, computed by `colloc validate`'s own functions on the committed H200 dataset with the
 * shipped H200 set: judged on the validation runs calibration never fitted. Each target is held; figures without a
 * target (the training-only replay comparison) are held at what was measured when the set was shipped, so a change
 * that makes predictions worse still fails here.
 */
import test, { type ExecutionContext } from "ava";
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { calibrate } from "../../calibration/calibrate.ts";
import { findRunFolders } from "../../calibration/ingest/discover.ts";
import { ingestDataset } from "../../calibration/dataset.ts";
import { measuredRuns } from "../../calibration/measured.ts";
import { replayMape } from "../../calibration/replay-run.ts";
import { blendMps, replayMps } from "../../sim/replay/index.ts";
import type { NamedMpsModel } from "../../sim/sharing/index.ts";
import { loadCalibrationSet, resolveSetDir } from "../../calibration/set.ts";
import { loadTraces } from "../../calibration/traces.ts";
import { measureFolders, validateRuns } from "../../calibration/validate/validate.ts";

const RUNS = "calibration/data/h200-runs";
const set = loadCalibrationSet("h200");
const dataset = ingestDataset([RUNS]);
const runs = measuredRuns(dataset);
const validation = runs.filter((r) => r.validation);
const { replays } = measureFolders(findRunFolders([RUNS]));
const traces = loadTraces(resolveSetDir("h200"));
const { summary, comparison, completions } = validateRuns(set, runs, {
  validationOnly: true,
  replays,
  leaveModelsOut: true,
});

test("the figures, for the record (npx ava test/calibration/accuracy.test.ts --verbose)", (t) => {
  const { per_run: _perRun, ...figures } = summary;
  t.log(JSON.stringify(figures));
  // Replays are compared by completion time, every other validation run process by process.
  const replayed = validation.filter((r) => r.mode === "replay").length;
  t.is(summary.runs.compared, validation.length - replayed);
  t.deepEqual(summary.skipped, []);
});

test("the shipped set is what calibrate fits from the committed runs, and no validation run is in it", (t) => {
  const { set: fitted } = calibrate(dataset, set.provenance.command);
  // Everything but the input folder's name (an ingested Arrow folder when shipped, the run folders here).
  t.deepEqual(
    { ...fitted, provenance: { ...fitted.provenance, sources: [] } },
    { ...set, provenance: { ...set.provenance, sources: [] } },
  );
  for (const r of validation) t.false(set.provenance.runs.includes(r.runId), r.runId);
  t.false(comparison.jobs.some((j) => j.fitted));
});

test("naive per-job throughput: MAPE at most 5% on validation runs", (t) => {
  t.true(summary.throughput.naive.n > 0);
  t.true(summary.mape.naive <= 5, `MAPE ${summary.mape.naive}%`);
});

// Our own models: workloads with runs beside others, none of which the sharing fit used. Their runs are validation
// runs too, judged apart from the study's (the later sessions' new models have their own tests below).
const OUR_MODELS = new Set([
  "dla34",
  "resmlp_12_224",
  "mnasnet_100",
  "levit_128s",
  "rexnet_100",
  "fastvit_t8",
  "ese_vovnet19b_dw",
  "convnextv2_atto",
  "tiny_vit_5m_224",
]);
const procsOf = (runId: string) => runs.find((r) => r.runId === runId)!.procs;
const experimentOf = new Map(dataset.runs.map((r) => [r.run_id, r.experiment]));
const oursRun = (runId: string) =>
  procsOf(runId).some((p) => OUR_MODELS.has(set.workloads[p.workload].model));
// The study's workloads: the profiler's canonical table.
const canonical = new Set(Object.keys(parse(readFileSync("profiler/workloads.yaml", "utf8")) as object));
const studyRun = (runId: string) => procsOf(runId).every((p) => canonical.has(p.workload));
const mpsJobs = comparison.jobs.filter((j) => j.mode === "mps" && j.error_pct !== null);
const mapeOf = (jobs: typeof mpsJobs) => jobs.reduce((a, j) => a + Math.abs(j.error_pct!), 0) / jobs.length;

/** A subset of the compared jobs: at least `minJobs` of them, their MAPE logged and at most `max` percent. */
function holdsMape(t: ExecutionContext, jobs: typeof mpsJobs, minJobs: number, max: number) {
  t.true(jobs.length >= minJobs, `${jobs.length} jobs`);
  t.log(`MAPE ${mapeOf(jobs).toFixed(2)} % over ${jobs.length} jobs`);
  t.true(mapeOf(jobs) <= max, `MAPE ${mapeOf(jobs)}%`);
}

test("MPS per-job throughput: MAPE at most 5% on the study's validation runs", (t) => {
  holdsMape(
    t,
    mpsJobs.filter((j) => studyRun(j.run_id)),
    30,
    5,
  );
});

test("the study's validation subset within one point of issue 13's figures: naive 0.73, MPS 2.76, partitioned 1.89 %", (t) => {
  // Session 34: naive 0.73 % over 34 jobs, MPS 2.72 % over 32 (the blend, --mps-model's default: 1.83 %),
  // MPS-partitioned 2.79 % over 24, all from the same runs as when the issue was filed.
  const studyJobs = (mode: string, jobs = comparison.jobs) =>
    jobs.filter((j) => j.mode === mode && j.error_pct !== null && studyRun(j.run_id));
  const blend = validateRuns(
    set,
    runs.filter((r) => r.validation && studyRun(r.runId)),
    { validationOnly: true, mps: { name: "blend", model: blendMps(traces) } },
  ).comparison.jobs;
  for (const [mode, jobs, n, issue] of [
    ["naive", studyJobs("naive"), 34, 0.73],
    ["mps", studyJobs("mps"), 32, 2.76],
    ["mps", studyJobs("mps", blend), 32, 2.76],
    ["mps-partitioned", studyJobs("mps-partitioned"), 24, 1.89],
  ] as const) {
    t.is(jobs.length, n, mode);
    t.log(`${mode}: ${mapeOf(jobs).toFixed(2)} % over ${jobs.length} jobs`);
    t.true(mapeOf(jobs) <= issue + 1, `${mode} ${mapeOf(jobs)}%`);
  }
});

const checkJobs = (experiment: string) => mpsJobs.filter((j) => experimentOf.get(j.run_id) === experiment);
/** The compared jobs (any mode) of the runs whose plan group passes `group`. */
const jobsWhere = (group: (experiment: string) => boolean) =>
  comparison.jobs.filter((j) => j.error_pct !== null && group(experimentOf.get(j.run_id) ?? ""));

test("board power per validation run: held at 5.25 %, SM-capped clients at 7.2 %", (t) => {
  // Session 35's load exponent (sim/sharing/power.ts), adopted by a rule written down before it was run on these
  // runs: 5.44 % per run before it, SM-capped clients 8.13 %, one job on a 16-SM green context 34.5 % too low.
  // Session 44's fit N (a longer time-sliced switch-back wait) moved the time-sliced runs' load: 5.2001 % per run,
  // over the 5.2 % this was held at before. Session 52 (zoo28's 15 mixes in): 5.15 % over 545.
  t.is(summary.power_pct.n, 545);
  t.true((summary.power_pct.mean_abs ?? Infinity) <= 5.25, `power ${summary.power_pct.mean_abs} %`);
  const capped = comparison.runs.flatMap((r) =>
    r.mode === "mps-partitioned" && r.power_error_pct !== null ? [Math.abs(r.power_error_pct)] : [],
  );
  const mae = capped.reduce((a, e) => a + e, 0) / capped.length;
  t.true(mae <= 7.2, `SM-capped clients' power ${mae} %`);
});

test("MPS per-job throughput on fresh mixes of fitted zoo models: held at the shipped set's 6.5 %", (t) => {
  // Session 8's zoo8-fresh-check: twelve mixes recorded after the memory stretch was chosen, held out of the fit.
  // 7.21 % before session 9's same-workload interference and after it, 6.98 % with session 15's product of
  // co-runners' interference, 6.45 % with session 18's started-together kernels.
  holdsMape(t, checkJobs("zoo8-fresh-check"), 25, 6.5);
});

test("MPS per-job throughput on copies of fitted zoo models: held at the shipped set's 5.05 %", (t) => {
  // Session 9's zoo9-copies-check: 2-4 copies of models never run as copies (and two copies beside a third),
  // recorded after mpsInterferenceSame was chosen. The set before it: 7.24 %, every copies run too slow; 5.84 %
  // with it, 5.06 % with session 15's product, 5.03 % with session 18's refit.
  holdsMape(t, checkJobs("zoo9-copies-check"), 40, 5.05);
});

test("MPS per-job throughput on pairs of fitted zoo models never run together: held at the shipped set's 8.85 %", (t) => {
  // Session 10's zoo10-split-check: models whose large kernels take under 70 % of their kernel time beside ones
  // whose take 80 % or more, recorded after the large-kernel share of the idle part was chosen. Session 9's set:
  // 9.18 % on the first 27 jobs, session 10's 8.75 %; its last triple, recorded in session 11 (cspdarknet53 22 %
  // too slow predicted), raised it to 9.01 %; session 15's product 8.77 %; session 22's refit with zoo19 8.82 %.
  holdsMape(t, checkJobs("zoo10-split-check"), 30, 8.85);
});

test("MPS per-job throughput on four models new to session 11, recorded after every choice: held at 6.0 %", (t) => {
  // zoo11-unseen-check: resnet34, efficientnet_b2, dpn68 and efficientformer_l1, profiled alone as a user would,
  // then in pairs, a triple and copies started together; no fit, fold or form choice saw them. 4.51 % before
  // session 15's product, 4.71 % with it, 5.07 % with session 18's refit (its started-together kernels). Session 23's form C (kernel classes from the function name): 5.95 %.
  holdsMape(t, checkJobs("zoo11-unseen-check"), 20, 6.0);
});

test("MPS per-job throughput on four models new to session 12, recorded after every choice: held at 9.15 %", (t) => {
  // zoo12-unseen-check: res2net50_26w_4s, pit_ti_224, lcnet_100 and coat_lite_tiny, profiled alone, then six
  // pairs, a triple and three lcnet copies started together; no fit, fold or form choice saw them. Worst:
  // res2net50 beside deit_tiny, 23 % too slow predicted. 7.16 % before session 15's product, 6.83 % with it, 7.86 %
  // with session 18's refit. Session 23's form C (kernel classes from the function name): 9.12 %.
  holdsMape(t, checkJobs("zoo12-unseen-check"), 20, 9.15);
});

test("MPS per-job throughput on four models new to session 13, unseen by its form trials: held at 9.95 %", (t) => {
  // zoo13-unseen-check: convnext_femto, mobilenetv3_large_075, seresnext26d_32x4d and selecsls42b, profiled alone,
  // then seven pairs, a triple and two 3-copy runs started together, all on one machine; kept out of the working
  // copy until the session's two form trials were done (neither was adopted). One of three convnext_femto copies
  // started together is 59 % too fast predicted (cuDNN autotuning beside co-runners, docs/calibration.md); without
  // the convnext_femto runs 6.0 % over 16 jobs. Session 15's product: 9.53 and 5.88 %; session 18's refit: 9.78 and
  // 6.25 %. Session 23's form C (kernel classes from the function name): 9.90 and 6.52 %.
  const jobs = checkJobs("zoo13-unseen-check");
  holdsMape(t, jobs, 20, 9.95);
  holdsMape(
    t,
    jobs.filter((j) => !j.run_id.includes("convnextfemto")),
    15,
    6.55,
  );
});

test("MPS per-job throughput on four models new to session 16, recorded after every choice: held at 9.95 %", (t) => {
  // zoo14-unseen-check: nf_resnet50, hgnetv2_b0, mobilevitv2_075 and repvit_m1, profiled alone as a user would, then
  // six pairs, two triples, a quad of all four and two 3-copy runs started together, after session 15's product was
  // chosen: 9.73 % (11.06 % with the form before it). Worst: hgnetv2_b0 beside deit_tiny, 32 % too slow predicted.
  // Session 18's refit: 9.00 %; session 19's (guaranteed SMs of overlapping caps): 9.51 %.
  // Session 23's form C (kernel classes from the function name): 9.93 %.
  holdsMape(t, checkJobs("zoo14-unseen-check"), 25, 9.95);
});

test("MPS per-job throughput on four models new to session 17, recorded after every choice: held at 9.0 %", (t) => {
  // zoo15-unseen-check: resnest14d, efficientvit_m2, botnet26t_256 and volo_d1_224, profiled alone as a user would,
  // then six pairs, two triples, a quad of all four, four copies of efficientvit_m2 and three of resnest14d started
  // together: 9.38 %. Worst: ghostnet beside volo_d1 and resnest14d, 21 % too slow predicted; efficientvit_m2 is too
  // slow predicted beside other models (-17 to -20 %) and too fast as copies (+18 %), as hgnetv2_b0 in zoo14.
  // Session 18's refit: 8.61 %; session 19's: 8.83 %. Session 23's form C (kernel classes from the function name): 8.97 %.
  holdsMape(t, checkJobs("zoo15-unseen-check"), 29, 9.0);
});

test("MPS per-job throughput on launch-bound fitted models beside few- and many-wave co-runners: held at 4.9 %", (t) => {
  // session17-wave-check, recorded to decide session 17's wave-wait form by a rule set down first (adopt if 0.5 point
  // better): 5.13 % with the shipped form, 4.94 % with the wave wait, so it was not adopted.
  // Session 18's refit: 4.61 %; session 19's: 4.33 %; session 22's (zoo19 fitted): 4.73 %; Session 27's refit (fresh fitting mixes): 4.87 %.
  holdsMape(t, checkJobs("session17-wave-check"), 29, 4.9);
});

test("MPS per-job throughput on mixes of three to five fitted zoo models never run together: held at 7.8 and 8.3 %", (t) => {
  // session15-mix-check, in two parts. Ten MPS mixes (a fixed rotation over the non-ConvNeXt zoo models by large-kernel
  // time) on one machine, recorded to decide session 15's product of co-runners' interference before it was chosen:
  // 10.17 % with the set before it (mean -9.4 %, too slow predicted), 7.33 % with it. Then nine triples and quads of
  // other zoo models on a second machine, recorded after the choice: 10.26 % before it, 9.18 % with it. Session 18's
  // refit (started-together kernels): 8.11 and 7.76 %; session 19's: 7.60 and 8.12 %; session 22's: 7.75 and 7.76 %.
  // Session 23's form C (kernel classes from the function name): 7.66 and 8.27 %.
  const jobs = checkJobs("session15-mix-check");
  t.true(jobs.every((j) => j.co_runners.split(" + ").length >= 3));
  holdsMape(
    t,
    jobs.filter((j) => j.run_id.endsWith("__host-a76241b2")),
    36,
    7.8,
  );
  holdsMape(
    t,
    jobs.filter((j) => j.run_id.endsWith("__host-a0a2db70")),
    31,
    8.3,
  );
});

test("MPS per-job throughput on ConvNeXt-style models started together, read with their probes' kernels: held at 11.4 and 10.25 %", (t) => {
  // Session 18, started-together MPS mixes of probed models never run together. session18-start-check (13 runs, with
  // a ConvNeXt new to the dataset, convnext_pico) decided against the probes' step times: 15.30 % with solo
  // profiles, 16.22 % with them. session18-start-check2 (12 runs recorded after a second rule) decided for the probes'
  // kernels: 16.78 % with solo profiles, 10.50 % with kernels and step times, 9.94 % with kernels alone (shipped;
  // 11.15 % on the first check). Session 22's refit with zoo19: 11.19 and 10.13 %; Session 27's refit (fresh fitting mixes): 11.36 and
  // 10.21 %.
  holdsMape(t, checkJobs("session18-start-check"), 28, 11.4);
  holdsMape(t, checkJobs("session18-start-check2"), 26, 10.25);
});

test("probes are profiles, not mixes: a probed workload trains by its probe's kernels when started together", (t) => {
  const probes = dataset.runs.filter((r) => r.measure === "turns");
  t.true(probes.length >= 11);
  t.false(
    runs.some((r) => probes.some((p) => p.run_id === r.runId)),
    "no probe is compared or fitted as a mix",
  );
  const probed = new Set(
    dataset.procs.filter((p) => probes.some((r) => r.run_id === p.run_id)).map((p) => p.workload),
  );
  const withKernels = Object.values(set.workloads).filter((w) => w.startedTogether !== undefined);
  t.deepEqual(withKernels.map((w) => w.id).sort(), [...probed].filter((w) => w in set.workloads).sort());
  // convnext_nano's two copies kept 510-523 kernels a step of 150-160 us; alone it runs 2,267 of 36 us.
  const nano = set.workloads["convnextnano-in-b128"];
  t.true(nano.startedTogether!.kernels.perStep < nano.kernels!.perStep / 2);
  t.true(nano.startedTogether!.kernels.turnUs > 2 * nano.kernels!.turnUs);
});

test("naive per-job throughput on time-sliced pairs no fit saw, launch-bound models in most: held at 3.15 %", (t) => {
  // zoo11-naive-cross and zoo12-naive-check (sessions 11 and 12), on two machines: 3.53 %. densenet169 beside
  // cspdarknet53 and beside xcit_nano is 10-13 % too fast predicted; charging the switch-back for every kernel
  // (session 11's lead) gives the same on them. Form Y (session 25): 3.11 %.
  const crossed = jobsWhere((e) => ["zoo11-naive-cross", "zoo12-naive-check"].includes(e)).filter(
    (j) => j.mode === "naive",
  );
  holdsMape(t, crossed, 20, 3.15);
});

test("MPS per-job throughput on our own models, never fitted beside others: held at the shipped set's 8.75 %", (t) => {
  // Issue 13's target for models no fit has seen is 8 %: not met (docs/calibration.md). 9.37 % over the first seven
  // models with session 7's set; session 8's convnextv2_atto (3 copies 29-45 % high: cuDNN autotuning beside
  // co-runners) raised it to 10.47 %; 10.35 % with session 9's same-workload interference, 9.78 % with session 10's
  // large kernels, 9.83 % with session 15's product. Session 15's mix check and session 17's wave check (above) have
  // some of them too, reported with their checks. Session 18: 8.49 % over 78 jobs (its started-together checks add
  // convnextv2_atto's mixes). Session 19's refit: 8.56 %. Session 23's form C (kernel classes from the function name): 8.70 %.
  const checks = new Set([
    "session15-mix-check",
    "session17-wave-check",
    "session20-fresh-check",
    "session21-fresh-check",
  ]);
  holdsMape(
    t,
    mpsJobs.filter((j) => oursRun(j.run_id) && !checks.has(experimentOf.get(j.run_id) ?? "")),
    30,
    8.75,
  );
});

test("MPS-partitioned: co-running capped clients within 8%; SM curve within 8%", (t) => {
  t.true(summary.throughput["mps-partitioned"].n >= 20);
  t.true(summary.mape["mps-partitioned"] <= 8, `MAPE ${summary.mape["mps-partitioned"]}%`);
  const held = summary.sm_curve_held_out_pct;
  t.true(held.n > 0);
  t.true(held.mean_abs! <= 8, `held-out SM points ${held.mean_abs}%`);
});

test("MPS-partitioned pairs and trios whose caps overlap, recorded to decide session 19's guaranteed SMs: held at 6.85 %", (t) => {
  // session19-overlap-check (17 runs at 80, 96 and 112 SMs a client, two trios at 56; validation): each capped client
  // is first given what the co-runners' caps always leave it. Decided by a rule written down before the runs were
  // recorded (docs/calibration.md): the shipped form 11.15 %, the partial-overlap kernel wait 10.89 %, the
  // guarantee 6.42 % (adopted), both 6.33 % (not 0.5 point better than the guarantee alone). Session 23's form C (kernel classes from the function name): 6.81 %.
  const jobs = jobsWhere((e) => e.startsWith("session19-overlap-check"));
  t.true(jobs.every((j) => j.mode === "mps-partitioned"));
  holdsMape(t, jobs, 36, 6.85);
});

test("three models new to session 19, profiled as a user would, in mixes no fit saw: MPS held at 7.65 %", (t) => {
  // zoo16: convnextv2_femto, ghostnetv2_100 and efficientformerv2_s0 (profiled alone, SM caps, started-together
  // probes). Their naive pair (call 64): -3.0 and +0.2 %. Their MPS mixes (two pairs of one with a fitted model, a
  // triple, three efficientformerv2_s0 copies) and an MPS-partitioned pair at 96 SMs, recorded in session 20 on another
  // machine (call 1): MPS 7.03 % over 12 jobs before the set held the two probes of that call, 7.11 % with them;
  // convnextv2_femto 11-13 % too slow predicted beside resnet18 and in the triple, ghostnetv2 16 % beside vit_base.
  // Partitioned 1.29 %. Session 22's refit with zoo19: MPS 7.28 %, partitioned 1.85 %.
  // Session 23's form C (kernel classes from the function name): MPS 7.52 %, partitioned 0.85 %.
  // Session 27's refit (fresh fitting mixes): MPS 7.60 %, partitioned 1.09 %.
  // Session 50's refit with zoo30's time-sliced pairs moved the naive pair to -3.5 and -0.3 %, past the 3.5 % this
  // test held before (-3.53 % for efficientformerv2_s0): 4 % now.
  const naive = jobsWhere((e) => e === "zoo16-unseen-naive-check");
  t.is(naive.length, 2);
  for (const j of naive) t.true(Math.abs(j.error_pct!) <= 4, `${j.workload} ${j.error_pct}%`);
  holdsMape(t, checkJobs("zoo16-unseen-check"), 12, 7.65);
  holdsMape(
    t,
    jobsWhere((e) => e === "zoo16-unseen-split-check"),
    2,
    1.1,
  );
});

test("two models new to session 20, profiled as a user would, in mixes no fit saw: MPS held at 4.3 %", (t) => {
  // zoo17: visformer_tiny b128 and mobileone_s1 b64 (profiled alone, SM caps, started-together probes, then two
  // pairs and a triple started together, one machine, call 4): 4.17 % over 7 jobs, worst wide_resnet50 in the triple
  // 8.1 % too slow predicted. Their naive pair beside deit_tiny: +2.1 and -3.3 %. Session 23's form C (kernel classes from the function name): 4.29 %.
  holdsMape(t, checkJobs("zoo17-unseen-check"), 7, 4.3);
  const naive = jobsWhere((e) => e === "zoo17-unseen-naive-check");
  t.is(naive.length, 2);
  for (const j of naive) t.true(Math.abs(j.error_pct!) <= 3.5, `${j.workload} ${j.error_pct}%`);
});

test("two models new to session 21 with kernels unlike any fitted one, in mixes no fit saw: MPS held at 23.95 %", (t) => {
  // zoo18 (call 73, one machine): sequencer2d_s b64 (bidirectional LSTMs as token mixers: 1,825 kernels a step) and
  // convmixer_768_32 b64 (9x9 depthwise and pointwise convolutions: 752 kernels a step, large ones of 492 us on
  // average, twice mixer_s16's 230 us, the longest of any other workload), profiled alone by the protocol, then three
  // MPS pairs and a triple started together. Issue 13's 8 % is far off here: convmixer keeps 87-92 % of its solo
  // speed in the pairs and 71 % in the triple (predicted 78-82 and 58 %), its partners get 24-33 % less than
  // predicted (mobilenetv3_small 49 % too fast predicted). The turn weight grows as the large kernels' length to the
  // 0.65, fitted on workloads whose large kernels last 19-230 us; the kernel-level replay gives convmixer within 2 %
  // and its partners 28-30 % too little. sequencer2d_s beside resnet18 is within 4.2 %. The naive pair beside
  // efficientnet_b0: -0.2 and +6.3 %. Session 22 fitted zoo19's long-kernel mixes (convmixer_1536_20, vgg16 b128,
  // vit_large b32): 23.91 %, no better; the form cannot take the split (docs/calibration.md).
  const jobs = checkJobs("zoo18-unseen-check");
  holdsMape(t, jobs, 9, 23.95);
  const convmixer = jobs.filter((j) => j.workload === "convmixer768-in-b64");
  t.true(
    convmixer.every((j) => j.error_pct! < 0),
    "convmixer is predicted too slow in every mix",
  );
  const naive = jobsWhere((e) => e === "zoo18-unseen-naive-check");
  t.is(naive.length, 2);
  for (const j of naive) t.true(Math.abs(j.error_pct!) <= 6.5, `${j.workload} ${j.error_pct}%`);
});

test("the set warns of the workloads beyond the MPS fit's turn figures, and logs how their mixes are predicted", (t) => {
  // calibration/fit/mps-range.ts, written in session 21 after zoo18's mixes and session 21's fit group were seen: it
  // then named convmixer_768_32 (492 us large kernels; its mixes' validation jobs 15.4 % with those of
  // efficientformerv2_s0, the others 7.3 %). Session 22 fitted zoo19's convmixer_1536_20 (603 us), so the range now
  // holds convmixer_768_32, whose mixes the fit still misses (29.8 % over 7 jobs): the range says what the fit read,
  // not that it fits it. Left: efficientformerv2_s0 (SM activity 0.25 while busy), 8.15 % over 15 jobs, others 7.56 %;
  // with session 23's form C 9.88 and 8.01 %.
  const flagged = set.warnings
    .filter((w) => w.endsWith("beyond the MPS fit's workloads, its MPS predictions are less sure"))
    .map((w) => w.split(":")[0]);
  t.deepEqual(flagged, ["efficientformerv2s0-in-b128"]);
  t.true(set.mpsFitRange!.turnUs[1] > set.workloads["convmixer768-in-b64"].kernels!.turnUs);
  const withFlagged = mpsJobs.filter((j) => flagged.some((w) => j.co_runners.includes(w)));
  const others = mpsJobs.filter((j) => !flagged.some((w) => j.co_runners.includes(w)));
  t.log(
    `flagged runs: MAPE ${mapeOf(withFlagged).toFixed(2)} % over ${withFlagged.length} jobs; others ${mapeOf(others).toFixed(2)} %`,
  );
  t.true(withFlagged.length >= 15);
  t.true(mapeOf(withFlagged) > mapeOf(others));
});

test("MPS per-job throughput on pairs and triples of fitted models never run together, fresh processes: held at 8.95 %", (t) => {
  // session20-fresh-check: twelve pairs (the widest kernel-rate contrasts, each workload once) and two triples,
  // recorded to decide a fit that leaves out reused workers' runs of models whose autotuning picks change beside
  // co-runners, by a rule written down first (adopt if 1 point better): the shipped fit 7.95 %, that one 8.64 %, so
  // it was not adopted (docs/calibration.md). Short-kernel ConvNeXt jobs and efficientvit_m2 run 11-22 % faster
  // than predicted there, their partners 5-17 % slower. Session 22's refit with zoo19: 8.58 %.
  // Session 23's form C (kernel classes from the function name): 8.90 %.
  holdsMape(t, checkJobs("session20-fresh-check"), 30, 8.95);
});

test("fresh pairs of fitted models: the session-21 check held at 6.15 %; the group that was to be fitted, validation now, at 8.15 %", (t) => {
  // session21-fresh-check (12 pairs drawn at random, fresh processes started together) decided whether the fit should
  // read session21-fresh-fit (16 pairs drawn the same way) by a rule written down before either was recorded (adopt
  // if 1 point better, docs/calibration.md): 5.76 % without the group, 5.64 % with it, so no fit reads it and it is
  // validation. Recorded on GPU-f34e2d6f (the fit group and three check pairs) and GPU-ff4dc262 (nine check pairs).
  // Session 23's form C (kernel classes from the function name): 6.14, 8.12 and 8.24 % (the group's repeats).
  holdsMape(t, checkJobs("session21-fresh-check"), 24, 6.15);
  const fit = checkJobs("session21-fresh-fit");
  const home = fit.filter((j) => !j.run_id.includes("__host-"));
  holdsMape(t, home, 32, 8.15);
  // efficientformerv2_s0 beside mlp-mixer S/16 is the worst job: 38 % too slow predicted on both machines.
  // Fourteen of the group's pairs were recorded again on GPU-ff4dc262 (`__host-ff4dc262`): 6.97 % over 28 jobs.
  const repeats = fit.filter((j) => j.run_id.endsWith("__host-ff4dc262"));
  holdsMape(t, repeats, 28, 8.25);
  // The two machines agree job by job to 2.45 % on average; efficientvit_m2 (launch-bound, its solo varies 11 % step
  // to step) is 28 % apart, the others within 5.3 %.
  const diffs = repeats.map((r) => {
    const h = home.find((j) => `${j.run_id}__host-ff4dc262` === r.run_id && j.proc === r.proc)!;
    return { workload: r.workload, pct: Math.abs(r.measured_img_s! / h.measured_img_s! - 1) * 100 };
  });
  const others = diffs.filter((d) => d.workload !== "efficientvitm2-in-b256");
  t.log(`repeat |diff| mean ${(diffs.reduce((a, d) => a + d.pct, 0) / diffs.length).toFixed(2)} %`);
  t.true(
    others.every((d) => d.pct <= 5.5),
    others.map((d) => `${d.workload} ${d.pct.toFixed(1)}`).join(", "),
  );
});

test("fresh pairs drawn at random to decide form M (session 22, not adopted): held at 8.05 %", (t) => {
  // session22-mean-check: 12 MPS pairs never run together, drawn at random (seed 20261205), fresh processes started
  // together, recorded on GPU-66c46a26 after form M (the turn weight's kernel length as the mean of all kernels) was
  // written down with its rule (adopt if 0.5 point better): 7.93 % with the shipped form, 7.76 % with M (max 38 %),
  // so M was not adopted. Session 22's refit with zoo19: 7.84 %. Session 23's form C (kernel classes from the function name): 8.02 %.
  holdsMape(t, checkJobs("session22-mean-check"), 24, 8.05);
});

test("MPS pairs drawn at random to decide form C (session 23, adopted): held at 11.75 %", (t) => {
  // session22-class-check: 12 MPS pairs never run together, drawn at random (seed 20261206), each holding a workload
  // whose memory-bound fraction form C moves by more than 0.1, fresh processes started together, recorded on
  // GPU-14b1be71 after C was written down with its rule (adopt if 0.5 point better): 21.53 % with the classifier of
  // before (densenet169 beside convmixer_1536_20 240 % too fast predicted), 11.70 % with C, so C was adopted.
  // Without the two convmixer pairs C is the worse of the two there: 8.04 % against 6.36 % over 20 jobs.
  const jobs = checkJobs("session22-class-check");
  holdsMape(t, jobs, 24, 11.75);
  const convmixer = jobs.filter((j) => j.run_id.includes("convmixer"));
  t.is(convmixer.length, 4);
  holdsMape(
    t,
    jobs.filter((j) => !convmixer.includes(j)),
    20,
    8.05,
  );
});

/** A naive check's jobs: every one time-sliced, their MAPE held at `max`. */
function holdsNaiveCheck(t: ExecutionContext, experiment: string, minJobs: number, max: number) {
  const jobs = jobsWhere((e) => e === experiment);
  t.true(jobs.every((j) => j.mode === "naive"));
  holdsMape(t, jobs, minJobs, max);
}

test("naive pairs drawn at random to decide form N (session 23, not adopted): held at 2.45 %", (t) => {
  // session23-naive-check: 10 naive pairs never run together, drawn at random (seed 20261207), fresh processes
  // started together, recorded on GPU-14b1be71 after form N (the switch-back wait on every kernel) was written down
  // with its rule (adopt if 0.5 point better): 2.83 % with the shipped form, 2.82 % with N, so N was not adopted.
  // Form Y (session 25): 2.26 %. Session 27's refit (fresh fitting mixes): 2.43 %.
  holdsNaiveCheck(t, "session23-naive-check", 20, 2.45);
});

test("naive pairs drawn at random to decide form S0 (session 24, not adopted): held at 3.9 %", (t) => {
  // session24-naive-check: 14 naive pairs never run together, drawn at random (seed 20261208, each holding a
  // workload for which the switch-back wait is at least 3 % of its solo step), fresh processes started together,
  // recorded on GPU-a59bfc3d after form S0 (no switch-back wait) was written down with its rule (adopt if 0.5 point
  // better): 4.42 % with the shipped form, 4.63 % with S0, so S0 was not adopted; 4.48 % once the session's six
  // launch-bound calibration pairs joined the fit. Its worst jobs are launch-bound ones beside GPU-bound partners,
  // too fast predicted: efficientvit_m2 +24.9 %, resnet152 b32 +18.9 %. Form Y (session 25): 3.62 %, those two
  // +22.5 and +15.6 %. Session 27's refit (fresh fitting mixes): 3.87 %, those two +23.2 and +16.7 %.
  holdsNaiveCheck(t, "session24-naive-check", 28, 3.9);
});

test("naive pairs drawn at random to decide form Y (session 25, adopted): held at 3.55 %", (t) => {
  // session25-naive-check: 12 naive pairs never run together, drawn at random (seed 20261210, each pairing a
  // workload whose solo GPU busy is under 0.85 with one it never ran with), fresh processes started together,
  // recorded on GPU-892c64c4 after form Y (a job held to its share still waits after its yields, and its partner
  // takes what it yields) was written down with its rule (adopt if 0.5 point better): 4.10 % with the form of
  // before (max 13.1 %), 3.48 % with Y (max 9.2 %), so Y was adopted. Session 27's refit (fresh fitting mixes): 3.54 %.
  holdsNaiveCheck(t, "session25-naive-check", 24, 3.55);
});

test("the naive check's largest misses are not the host: rerun beside same-machine solos, still too fast", (t) => {
  // session24-host-check (call 84, another machine): efficientvit_m2 and resnet152 b32 with their partners again,
  // and all four alone. Alone, efficientvit_m2 ran within 1 % of its profile there, yet in the pair it is still
  // 15.8 % too fast predicted (24.9 % on the check's machine); resnet152 b32 11.6 % (18.9 %). Form Y (session 25),
  // which lets what a launch-bound job yields go to its partner, takes them to 13.7 and 8.5 %: still too fast.
  const pairs = jobsWhere((e) => e === "session24-host-check-pairs");
  t.is(pairs.length, 4);
  const solo = (w: string) => {
    const run = runs.find((r) => r.runId === `exclusive__${w}__host_s24`)!;
    return (run.procs[0].stepsPerSecond! * set.workloads[w].stepTimeS - 1) * 100;
  };
  t.true(
    Math.abs(solo("efficientvitm2-in-b256")) <= 2,
    `alone ${solo("efficientvitm2-in-b256")}% off its profile`,
  );
  for (const w of ["efficientvitm2-in-b256", "resnet152-in-b32"]) {
    const job = pairs.find((j) => j.workload === w)!;
    t.log(`${w}: alone ${solo(w).toFixed(1)} % off its profile, in the pair ${job.error_pct!.toFixed(1)} %`);
    t.true(job.error_pct! > 5, `${w} ${job.error_pct}%`);
  }
});

/**
 * A zoo's checks (two new models profiled by the protocol, then mixed with fitted models): its nine MPS jobs held at
 * `mps` percent (and, where a named miss is set aside, the jobs `rest.keep` keeps at `rest.mape`), its 64-SM
 * partitioned pair and naive pair (four jobs) each within `split` percent.
 */
function holdsZoo(
  t: ExecutionContext,
  zoo: string,
  mps: number,
  split: number,
  rest?: { keep: (j: (typeof mpsJobs)[number]) => boolean; jobs: number; mape: number },
) {
  const jobs = checkJobs(`${zoo}-unseen-check`);
  holdsMape(t, jobs, 9, mps);
  if (rest) holdsMape(t, jobs.filter(rest.keep), rest.jobs, rest.mape);
  const pairs = jobsWhere((e) => e === `${zoo}-unseen-split-check` || e === `${zoo}-unseen-naive-check`);
  t.is(pairs.length, 4);
  for (const j of pairs) t.true(Math.abs(j.error_pct!) <= split, `${j.workload} ${j.mode} ${j.error_pct}%`);
}

test("two models new to session 24, profiled as a user would, in mixes no fit saw: MPS held at 7.9 %", (t) => {
  // zoo20 (calls 82-83, one machine): crossvit_9_240 b128 (two ViT branches joined by cross-attention) and
  // maxvit_nano_rw_256 b64 (MBConv with block and grid attention), profiled alone by the protocol, then three MPS
  // pairs and a triple with fitted models drawn at random, a 64-SM partitioned pair and a naive pair, started
  // together: MPS 7.61 % over 9 jobs (max 15.5 %, convnextv2_femto in the triple), partitioned 2.42 %, naive 1.49 %.
  // Session 27's refit (fresh fitting mixes): MPS 7.89 %, partitioned 2.46 %, naive 1.26 %.
  holdsZoo(t, "zoo20", 7.9, 4);
});

test("two models new to session 25, profiled as a user would, in mixes no fit saw: MPS held at 11.75 %", (t) => {
  // zoo21 (call 87, one machine): convit_tiny b128 (a DeiT whose first blocks use gated positional self-attention)
  // and mambaout_femto b128 (gated convolutional blocks around 7x7 depthwise convolutions), profiled alone by the
  // protocol, then three MPS pairs and a triple with fitted models drawn at random, a 64-SM partitioned pair and a
  // naive pair, started together: MPS 11.52 % over 9 jobs (max 37.5 %, edgenext_x_small in the triple, a sharing miss
  // docs/calibration.md names; the other eight 8.26 %, each within 16.4 %), partitioned 3.49 %, naive 1.75 %.
  // Session 27's refit (fresh fitting mixes): MPS 11.71 % (the eight 8.13 %), partitioned 3.80 % (convnext_atto -5.09 %), naive 1.53 %.
  holdsZoo(t, "zoo21", 11.75, 5.1, { keep: (j) => j.workload !== "edgenextxs-in-b128", jobs: 8, mape: 8.3 });
});

test("two more models new to session 25, profiled as a user would, in mixes no fit saw: MPS held at 6.8 %", (t) => {
  // zoo22 (calls 88-89, one machine): gcvit_xxtiny b128 (window attention with global query tokens, hierarchical)
  // and skresnet18 b128 (selective kernels: 3x3 and dilated branches mixed by channel attention), profiled alone by
  // the protocol, then three MPS pairs and a triple with fitted models drawn at random, a 64-SM partitioned pair and
  // a naive pair, started together: MPS 6.75 % over 9 jobs (max 17.5 %, gcvit_xxtiny beside vit_large b32),
  // partitioned 4.11 %, naive 0.42 %. Session 27's refit (fresh fitting mixes): MPS 6.15 %, partitioned 5.14 % (skresnet18 -5.27 %, vgg16
  // -5.00 %), naive 0.63 %.
  holdsZoo(t, "zoo22", 6.8, 5.3);
});

test("two models new to session 26, profiled as a user would, in mixes no fit saw: MPS held at 5.9 %", (t) => {
  // zoo23 (call 90, one machine): nf_regnet_b0 b256 (a RegNet without batch norm: scaled weight standardization)
  // and gmixer_12_224 b64 (an MLP-mixer with gated linear units), profiled alone by the protocol, then three MPS
  // pairs and a triple with fitted models drawn at random, a 64-SM partitioned pair and a naive pair, started
  // together: MPS 5.78 % over 9 jobs (max 16.3 %, nf_regnet_b0 in the triple), partitioned 1.97 %, naive 1.86 %.
  // Session 27's refit (fresh fitting mixes): MPS 5.85 %, partitioned 1.60 %, naive 2.09 %.
  holdsZoo(t, "zoo23", 5.9, 3.5);
});

test("two more models new to session 26, profiled as a user would, in mixes no fit saw: MPS held at 6.95 %", (t) => {
  // zoo24 (call 91, call 90's machine): efficientvit_b0 b128 (ReLU linear attention between depthwise convolutions)
  // and xception41 b32 (depthwise-separable convolutions throughout), profiled alone by the protocol, then three MPS
  // pairs and a triple with fitted models drawn at random, a 64-SM partitioned pair and a naive pair, started
  // together: MPS 8.93 % over 9 jobs; the triple with lcnet_100 misses the split (efficientvit_b0 -25.7 %,
  // xception41 -23.5 %, lcnet_100 +10.7 %), the six pair jobs 3.40 %. Partitioned 4.24 %, naive 2.16 %.
  // Session 27's refit (fresh fitting mixes): MPS 6.91 % (the triple -21.5, -18.1 and +10.0 %; the pair jobs 2.09 %), partitioned 4.17 %,
  // naive 2.25 %.
  holdsZoo(t, "zoo24", 6.95, 5, { keep: (j) => !j.co_runners.includes("lcnet"), jobs: 6, mape: 2.1 });
});

test("a third pair of models new to session 26, profiled as a user would, in mixes no fit saw: MPS held at 5.5 %", (t) => {
  // zoo25 (call 92, one machine; its partitioned pair deferred to call 93 on another): twins_svt_small b64 (locally
  // grouped and global sub-sampled attention) and vgg19_bn b64 (a plain convnet with batch norm), profiled alone by
  // the protocol, then three MPS pairs and a triple with fitted models drawn at random, a 64-SM partitioned pair and
  // a naive pair, started together: MPS 5.49 % over 9 jobs (max 9.2 %, poolformer_s12 beside vgg19_bn), partitioned
  // 2.66 %, naive 1.08 %. Session 27's refit (fresh fitting mixes): MPS 5.09 %, partitioned 3.51 % (vgg19_bn -5.51 %), naive 0.86 %.
  holdsZoo(t, "zoo25", 5.5, 5.55);
});

test("zoo27, four models new to session 31 in mixes no fit saw: the fast model, the replay and the blend held (check C30)", (t) => {
  // zoo27 (calls 103-104, one machine): mobilenetv4_conv_small b256, caformer_s18 b64, eva02_tiny_patch14_224 b128
  // and dm_nfnet_f0 b64, profiled alone by the protocol, then each beside three fitted models drawn at random (seed
  // 20261230), two triples and four copies of mobilenetv4_conv_small, fresh processes started together; planned in
  // session 30 as a test set for the three MPS models as they shipped (docs/calibration.md, check C30). Measured:
  // fast 6.84 %, replay 6.80 %, blend 5.66 % over 34 jobs; max job 42.8, 39.8 and 41.3 % (edgenext_x_small beside
  // dm_nfnet_f0, too fast predicted by all three). Session 32's rule G (the blend leans on the replay beside kernels
  // averaging over 250 us; eva02_tiny beside vgg16 here): blend 5.75 %.
  const zoo = runs.filter((r) => experimentOf.get(r.runId) === "zoo27-unseen-check" && r.mode === "mps");
  t.is(zoo.length, 15);
  const jobs = (mps: NamedMpsModel) =>
    validateRuns(set, zoo, { validationOnly: true, mps }).comparison.jobs.filter((j) => j.error_pct !== null);
  const fast = checkJobs("zoo27-unseen-check");
  const replayed = jobs({ name: "replay", model: replayMps(traces) });
  const blended = jobs({ name: "blend", model: blendMps(traces) });
  holdsMape(t, fast, 34, 6.85);
  holdsMape(t, replayed, 34, 6.8);
  holdsMape(t, blended, 34, 5.76);
  // Rule B's claim, on models that came after it: the blend errs less than either model it blends.
  t.true(mapeOf(blended) < Math.min(mapeOf(fast), mapeOf(replayed)));
});

test("fresh pairs of fitted models recorded after session 27's refit: MPS held at 4.2 %, naive at 2.45 %", (t) => {
  // fresh27-check and fresh27-naive-check (calls 99-100, one machine): 8 MPS and 2 naive pairs drawn at random (seed
  // 20261228) among the workloads of fitted multi-process runs, none a set any run held, recorded after the set was
  // refitted with session 27's 38 fresh fitting mixes, the comparison written down first: MPS 4.18 % with the
  // refitted set, 4.81 % with the set of before (max 12.8 and 14.0 %); naive 2.44 and 2.45 %.
  holdsMape(t, checkJobs("fresh27-check"), 16, 4.2);
  holdsNaiveCheck(t, "fresh27-naive-check", 4, 2.45);
});

test("live replays: every replayed job compared; median completion-time error within 5%", (t) => {
  // Twelve job streams (naive, MPS, MPS-partitioned), six of them replayed twice.
  t.is(summary.live_replays.runs, 18);
  t.is(completions.length, 87);
  t.true(completions.every((c) => c.error_pct !== null));
  const median = summary.live_replays.completion_pct.median_abs!;
  // 4.7 % (target 5 %) with the MPS parameters fitted before session 7's nine models joined the fit; 5.18 % after
  // session 7, 5.01 % after session 8's memory stretch, 5.17 % with session 9's same-workload interference, 4.83 %
  // with session 15's product of co-runners' interference.
  t.true(median <= 5, `median |error| ${median}%`);
  // From each job's first step on (start-up taken as measured, co-runners' start-ups left out): the sharing
  // models on the stream.
  const training = summary.live_replays.training_pct.median_abs!;
  // 6.05 % before session 18's refit, 6.33 % with it, 6.77 % with session 19's, 6.96 % with session 22's (zoo19),
  // 6.02 % with session 23's form C (kernel classes from the function name), 6.84 % with session 27's refit (fresh fitting mixes).
  t.true(training <= 6.85, `training median |error| ${training}%`);
});

test("leave-models-out: each model family held out of the sharing fit, its runs predicted", (t) => {
  const unseen = summary.unseen!;
  // Every family of the dataset is a fold, and none of a fold's predicted runs was in its fit.
  t.true(unseen.folds.length >= 8);
  for (const f of unseen.folds) t.true(f.predicted_runs > 0 && f.fitted_runs > 0, f.family);
  t.true(summary.jobs_unseen.mps >= 40, `${summary.jobs_unseen.mps} MPS jobs`);
  // Every run that includes a held-out model is predicted, validation runs too (no fit reads them), split by how
  // the run's processes started: fresh ones, as a user's jobs, or reused workers.
  const { fresh, reused } = unseen.by_processes;
  for (const mode of ["mps", "mps-partitioned", "naive"]) {
    t.is(fresh[mode].n + reused[mode].n, summary.jobs_unseen[mode], mode);
    t.true(fresh[mode].n > 0 && reused[mode].n > 0, mode);
  }
  // And by whom they shared the GPU with: every unseen run is copies of one workload or a mix of several.
  const { copies, mixes } = unseen.by_co_runners;
  for (const mode of ["mps", "mps-partitioned", "naive"]) {
    t.is(copies[mode].n + mixes[mode].n, summary.jobs_unseen[mode], mode);
    t.true(copies[mode].n > 0 && mixes[mode].n > 0, mode);
  }
  // Issue 13's targets, each held at what the shipped set measured. Until session 19 only the runs outside the
  // validation subset were predicted: plain MPS 11.14 % over 551 jobs, MPS-partitioned 4.76 % over 78, naive 4.18 %
  // over 57, MPS run totals 6.87 %. Over every run (session 20): plain MPS 8.98 % over 1,610 jobs (target 8 %, not
  // met), 8.23 % over the 779 of fresh processes; MPS-partitioned 5.31 % (target 5 %, not met; 6.38 % fresh, most of
  // it session 19's overlap check); naive 3.87 % (target 3 %, not met); MPS run totals 5.32 % (target 5 %). Session
  // 21's 40 validation pairs: plain MPS 8.79 % over 1,766 jobs, 8.00 % over the 935 of fresh processes, run totals
  // 5.16 %; the other modes unchanged. Then zoo18's mixes (sequencer2d_s and convmixer_768_32, the test above): plain
  // MPS 8.96 % over 1,785, fresh 8.33 % over 954, run totals 5.30 %; naive 3.86 % over 178. Session 22: its mean-check
  // pairs, then zoo19's long-kernel mixes fitted (and so predicted in their folds): plain MPS 9.30 % over 1,874
  // (zoo19's 47 jobs 19.4 %; the other 1,827 9.04 %, 8.93 % before zoo19 joined the fit), fresh 8.93 %, run totals
  // 5.79 %; MPS-partitioned 5.09 %; naive 3.89 %. Session 23: its two checks' pairs (validation) with the set of
  // before, plain MPS 9.58 % over 1,916 jobs, fresh 9.44 %, run totals 6.09 %, partitioned 5.09 %, naive 3.69 %
  // over 220; then form C (kernel classes from the function name): plain MPS 9.47 % (max job 123 % against 261 %),
  // fresh 9.20 %, run totals 5.67 %, MPS-partitioned 4.51 % (target 5 %, met), naive 3.69 %. Session 24: its naive
  // check, host check and six fitted launch-bound pairs (the tests above), zoo20's mixes: naive 4.16 % over 310 jobs
  // (the 220 of before 3.76 %, the fitted pairs 7.05 % over 24, the check 3.97 % over 54), plain MPS 9.45 % over 1,937
  // (zoo20's 21 jobs 7.85 %), run totals 5.64 %, MPS-partitioned 4.48 %. Session 25: naive form Y and its check:
  // naive 3.11 % over 354 jobs (target 3 %, not met; the 310 of before 3.02 %, the check 3.73 % over 44). Then
  // zoo21's mixes (convit_tiny, mambaout_femto): plain MPS 9.49 % over 1,958, fresh 9.24 %, run totals 5.65 %,
  // MPS-partitioned 4.46 % over 227, naive 3.10 % over 356. Then zoo22's (gcvit_xxtiny, skresnet18): plain MPS 9.47 %
  // over 1,979, fresh 9.21 %, run totals 5.65 %, MPS-partitioned 4.47 % over 231, naive 3.07 % over 360. Session
  // 26: zoo23's and zoo24's mixes (nf_regnet_b0 among the regnets, gmixer_12_224 among the MLP mixers,
  // efficientvit_b0 among the hierarchical transformers, xception41 among the mobile nets): plain MPS 9.45 % over
  // 2,015, fresh 9.18 %, run totals 5.58 %, MPS-partitioned 4.41 % over 239, naive 3.05 % over 368; then zoo25's
  // (twins_svt_small, vgg19_bn): plain MPS 9.42 % over 2,033, fresh 9.13 %, run totals 5.57 %, MPS-partitioned 4.39 %
  // over 243, naive 3.04 % over 370. Session 27's refit (fresh fitting mixes, 38 runs): plain MPS 9.76 % over 2,158
  // (the 2,033 jobs of before 9.51 %, the 125 new fitted ones 13.81 %), fresh 9.42 %, run totals 5.64 %,
  // MPS-partitioned 4.76 % over 243, naive 2.95 % over 404 (the 370 of before 2.99 %). With the check of the refit
  // (fresh27-check, validation): plain MPS 9.69 % over 2,188, fresh 9.33 %, run totals 5.62 %, naive 2.94 % over 412.
  // Session 29's zoo26 pairs (validation): plain MPS 9.68 % over 2,232, fresh 9.31 %, run totals 5.58 %. Session
  // 31's zoo27 mixes (validation; their four models in their families): 9.65 % over 2,291, fresh 9.28 %, totals 5.58 %.
  // Session 52's zoo28 mixes (validation): 9.64 % over 2,355, fresh 9.29 %, totals 5.54 %.
  t.true(summary.mape_unseen.naive <= 3.0, `naive ${summary.mape_unseen.naive}%`);
  t.true(
    summary.mape_unseen["mps-partitioned"] <= 4.8,
    `partitioned ${summary.mape_unseen["mps-partitioned"]}%`,
  );
  t.true(summary.mape_unseen.mps <= 9.7, `mps ${summary.mape_unseen.mps}%`);
  t.true(fresh.mps.mean_abs! <= 9.35, `mps, fresh processes ${fresh.mps.mean_abs}%`);
  t.true(unseen.aggregate_pct.mps.mean_abs! <= 5.65, `mps run totals ${unseen.aggregate_pct.mps.mean_abs}%`);
});

test("utilization and SM activity within 5 points, memory within 5%, on validation runs", (t) => {
  for (const [name, e] of Object.entries({
    utilization: summary.utilization_pp,
    "SM activity": summary.sm_activity_pp,
    memory: summary.memory_pct,
  })) {
    t.true(e.n > 0, name);
    t.true(e.mean_abs! <= 5, `${name} ${e.mean_abs}`);
  }
});

test("one job under an MPS SM cap: NVML utilization within 1.5 points on the mean over the dataset's capped solos", (t) => {
  // Session 40: 1.08 points (bias +0.62, worst -21.9) over 315 runs; 4.02 (bias -4.00, worst -41.3) when a capped
  // launch-bound job's host time counted as idle GPU time whatever its kernels' SM demand.
  const capped = validateRuns(
    set,
    runs.filter((r) => r.mode === "mps-partitioned" && r.procs.length === 1),
  ).comparison.runs.flatMap((r) => (r.utilization_error_pp === null ? [] : [r.utilization_error_pp]));
  const mean = capped.reduce((a, e) => a + Math.abs(e), 0) / capped.length;
  t.log(`${capped.length} runs: ${mean.toFixed(2)} points`);
  t.true(capped.length >= 300);
  t.true(mean <= 1.5, `${mean}`);
});

test("every out-of-memory run of the dataset is predicted, and no other", (t) => {
  const all = validateRuns(set, runs).summary.oom.runs;
  t.true(all.measured > 0);
  t.is(all.missed, 0);
  t.is(all.false_alarms, 0);
});

test("kernel-level replay: naive within 5%, MPS within 7.5%, MPS-partitioned held at 6.15% per-job MAPE on validation runs", (t) => {
  const mape = replayMape(set, traces, validation);
  t.log(JSON.stringify({ replayMape: mape }));
  t.true(mape.naive <= 5, `naive ${mape.naive}%`);
  // 8.00 % with session 10's set (7.84 % before): the replay borrows mpsMemoryContention from the fast model's fit,
  // which moved 1.31 -> 1.37 when the fast model's interference came to count only large kernels. Session 11's
  // validation runs (the mixes of four new models and a zoo10 triple) made it 8.15 % (naive 1.40 %), session 12's
  // (four more new models, time-sliced pairs of launch-bound models) 8.24 % (naive 2.09 %), session 13's (four more new
  // models, two triples again) 8.46 % (naive 2.03 %): no model changed. Session 15's ten mixes of three to five
  // models and its refit (mpsMemoryContention 1.41): 8.52 %; its nine mixes recorded after the choice: 8.19 %; session 16's zoo14
  // mixes: 8.20 %; session 17's zoo15 and wave-check mixes: 8.05 %; session 18's started-together ConvNeXt mixes
  // 9.93 % (the replay replays each job's solo trace, not its probe's), 9.98 % with session 18's refit; session
  // 20's fresh check and zoo16-17 mixes 10.17 %, 9.39 % once a started-together job replays its probe's step; session
  // 21's 40 fresh pairs 9.02 %, its zoo18 mixes 9.06 % (the replay 12.1 % on them, the fast model 23.6 %); 8.99 % in
  // session 27. Session 28's last waves (a kernel of several waves holds every SM only until its last wave): 7.34 %.
  // Session 29: zoo26's pairs joined the validation runs, and by rule R4 (decided on them) the last wave drains: 7.19 %.
  t.true(mape.mps <= 7.5, `mps ${mape.mps}%`);
  // Session 29: a capped job replayed by its SM curve (sim/replay/job.ts), 5.60 % (the linear share before: 8.89 %;
  // the fast model 4.35 % on these runs); 6.14 % once the last wave drains. Held where it was measured.
  t.true(mape["mps-partitioned"] <= 6.15, `mps-partitioned ${mape["mps-partitioned"]}%`);
});

/**
 * validate's figures with another MPS model, leave-models-out included; the summary names it, and the modes it does
 * not model (naive, MPS-partitioned) keep the fast model's figures.
 */
function validatedWith(t: ExecutionContext, mps: NamedMpsModel) {
  const { summary: s } = validateRuns(set, runs, { validationOnly: true, leaveModelsOut: true, mps });
  const unseen = s.unseen!;
  t.log(JSON.stringify({ mape: s.mape, mape_unseen: s.mape_unseen, totals: unseen.aggregate_pct.mps }));
  t.is(s.mps_model, mps.name);
  t.is(s.mape_unseen.naive, summary.mape_unseen.naive);
  t.is(s.mape_unseen["mps-partitioned"], summary.mape_unseen["mps-partitioned"]);
  return { s, unseen };
}

test("the kernel-level replay as the MPS model (--mps-model replay): leave-models-out plain MPS held at 8.1 %", (t) => {
  const { s, unseen } = validatedWith(t, { name: "replay", model: replayMps(traces) });
  // Session 28 (the replay's last waves): 8.22 % over 2,188 job predictions (the fast model 9.69 %), fresh processes
  // 7.55 % (9.33 %), run totals 5.50 % (5.62 %); the validation subset's MPS 7.34 % (7.77 %). It fits nothing of the
  // split; mpsMemoryContention comes from each fold's fit. Capped, naive and start-up phases keep the fast model.
  // Session 29 (zoo26's pairs in, the last wave drains by rule R4): 8.08 % over 2,232 (the fast model 9.68 %), fresh
  // 7.52 %, run totals 4.88 %, the validation subset 7.19 %. Session 31 (zoo27's mixes in): 8.07 % over 2,291, fresh
  // 7.53 %, run totals 4.89 %, the validation subset 7.17 %. Session 52 (kernels of several streams counted once in
  // the traces; zoo28's mixes in): 7.49 % over 2,355, run totals 4.81 %, the validation subset 6.48 %.
  t.true(s.mape_unseen.mps <= 8.1, `mps ${s.mape_unseen.mps}%`);
  t.true(unseen.by_processes.fresh.mps.mean_abs! <= 7.55, `fresh ${unseen.by_processes.fresh.mps.mean_abs}%`);
  t.true(unseen.aggregate_pct.mps.mean_abs! <= 4.9, `run totals ${unseen.aggregate_pct.mps.mean_abs}%`);
  t.true(s.mape.mps <= 7.2, `validation subset ${s.mape.mps}%`);
});

test("the blend of the fast model and the replay (--mps-model blend): leave-models-out plain MPS within 8 %, run totals within 5 %", (t) => {
  const { s, unseen } = validatedWith(t, { name: "blend", model: blendMps(traces) });
  // Rule B (docs/calibration.md), decided on zoo26's twelve pairs (5.04 % against the replay's 6.63 % and the fast
  // model's 8.22 %). Session 29: 7.32 % over 2,232 job predictions, fresh processes 6.89 %, run totals 4.23 %, max
  // 111.7 % (ConvNeXt-style copies autotuned together); the validation subset 6.09 %. Issue 13's targets: 8 % and 5 %.
  // Session 31 (zoo27's mixes in, no model change): 7.30 % over 2,291, fresh 6.88 %, run totals 4.251 %, the
  // validation subset 6.07 %. Session 32, rule G (the replay's weight rises to 1 as the mix's longest mean kernel
  // goes from 250 to 500 us; chosen on these predictions, tested on zoo28 and zoo29): 7.14 %, fresh 6.64 %, run
  // totals 4.06 %, the validation subset 6.03 %. Session 52, kernels of several streams counted once in the traces
  // (sim/replay/trace.ts): 6.91 % over the 2,291 of before, fresh 6.27 %, run totals 4.04 %; with zoo28's mixes in,
  // 6.83 % over 2,355, fresh 6.17 %, run totals 3.99 %, the validation subset 5.63 %.
  t.true(s.mape_unseen.mps <= 6.85, `mps ${s.mape_unseen.mps}%`);
  t.true(unseen.by_processes.fresh.mps.mean_abs! <= 6.2, `fresh ${unseen.by_processes.fresh.mps.mean_abs}%`);
  t.true(unseen.aggregate_pct.mps.mean_abs! <= 4.0, `run totals ${unseen.aggregate_pct.mps.mean_abs}%`);
  t.true(s.mape.mps <= 5.65, `validation subset ${s.mape.mps}%`);
});

test("issue 13's 25 % bound on the worst unseen job is under what copies measured apart allow any model", (t) => {
  // Copies of one workload in one run, started together as users' jobs are, trained at speeds far apart (cuDNN
  // autotuned beside the others: each process kept its own algorithms). A model gives copies one speed, so its worst
  // error there is at least (fastest - slowest) / (fastest + slowest): 3 x convnext_pico at 510 and 890 img/s, 27.1 %.
  const unseen = summary.unseen!;
  const floor = unseen.copy_spread.fresh.mps.widest!;
  t.log(JSON.stringify(floor));
  t.true(floor.floor_pct > 25, `${floor.floor_pct}%`);
  t.true(unseen.throughput.mps.max_abs! >= floor.floor_pct);
  // The fitted runs' copies by reused workers are further apart still (3 x convnext_nano: 366 and 650 img/s).
  t.true(unseen.copy_spread.reused.mps.widest!.floor_pct > floor.floor_pct);
  t.is(summary.copy_spread.mps.widest!.run_id, floor.run_id);
});

/** The compared MPS jobs of a folder of diagnostic runs, predicted with the shipped set. */
const mpsJobsIn = (folder: string) =>
  validateRuns(set, measuredRuns(ingestDataset([folder]))).comparison.jobs.filter(
    (j) => j.mode === "mps" && j.error_pct !== null,
  );

test("ConvNeXt mixes warmed up one at a time are predicted as other models are; started together they are not", (t) => {
  // calibration/data/h200-diagnostics/isolated (session 11, `--start isolated`): every job kept the algorithms cuDNN
  // autotunes alone. 8.95 % over the 16 ConvNeXt jobs before session 18's refit, 9.45 % with it; the same machine's
  // 3 copies started together: 64-86 % high.
  const jobs = mpsJobsIn("calibration/data/h200-diagnostics/isolated");
  const convnext = jobs.filter((j) => j.run_id.endsWith("__isolated") && j.run_id.includes("convnext"));
  holdsMape(t, convnext, 16, 9.5);
  const together = jobs.filter((j) => j.run_id === "mps__3x-convnextatto-in-b128");
  t.is(together.length, 3);
  t.true(
    together.every((j) => j.error_pct! > 50),
    together.map((j) => j.error_pct!.toFixed(0)).join(", "),
  );
});

test("a ConvNeXt new to the dataset, warmed up one at a time, is predicted better than started together", (t) => {
  // calibration/data/h200-diagnostics/isolated-femto (session 13): convnext_femto, recorded after its zoo13 mixes
  // showed the ConvNeXt start effect, alone, three copies and two pairs, isolated and together on one machine.
  const jobs = mpsJobsIn("calibration/data/h200-diagnostics/isolated-femto");
  const isolated = jobs.filter((j) => j.run_id.endsWith("__isolated"));
  const together = jobs.filter((j) => !j.run_id.endsWith("__isolated"));
  holdsMape(t, isolated, 7, 9.6); // 9.5 % before session 18's refit, 9.57 % with it
  t.true(mapeOf(together) > 20, `started together: MAPE ${mapeOf(together)}%`);
});
