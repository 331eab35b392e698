/**
 * The lessons' sentences claim things about the models and the data; these tests check that each claim still
 * holds, so a change of a model that turns a sentence false fails here.
 */
import test from "ava";
import { evaluate, type Evaluation } from "../../explore/model/evaluate.ts";
import { LESSONS, lessonText } from "../../explore/model/lessons.ts";
import { placeableProfiles } from "../../explore/model/mig.ts";
import { job, type ExploreState } from "../../explore/model/state.ts";
import { contextOf, H200, measuredByKey, R26, R50, SET } from "./fixture.ts";

const context = contextOf(H200.name);
const run = (s: ExploreState) => evaluate(s, context);

function lesson(id: string) {
  const l = LESSONS.find((x) => x.id === id)!;
  const measured = measuredByKey();
  return {
    ...lessonText(l, H200.name, context, (k) => measured.get(k)),
    context,
    measured: (k: string | null) => (k ? measured.get(k) : undefined),
  };
}

const rel = (e: Evaluation) => e.jobs.map((j) => j.relative);

test("every lesson has a distinct preset and two or three sentences", (t) => {
  t.is(LESSONS.length, 6);
  t.is(new Set(LESSONS.map((l) => JSON.stringify(l.preset(H200.name)))).size, 6);
  for (const l of LESSONS) {
    const text = lesson(l.id).text;
    t.true(text.length >= 2 && text.length <= 3, l.id);
    for (const sentence of text) {
      t.regex(sentence, /^[\w"].*\.$/, l.id);
      t.notRegex(sentence, /[.!?]\s+[A-Z]/, `one sentence per paragraph: ${sentence}`);
      t.notRegex(sentence, /NaN|undefined|Infinity/);
    }
  }
});

test("1: time-slicing does less work than one job alone, and the pair's loss is the switching", (t) => {
  const c = lesson("switching-cost");
  t.true(c.figures.aggregate.relative < 1);
  t.true(c.context.params.switchOverhead > 0);
  t.true(SET.workloads[R26].busyFraction > 0.95, "hardly any idle time");
  t.true(c.text[1].includes(`${c.figures.aggregate.relative.toFixed(2)}x`));
});

test("2: MPS does more work than time-slicing, less than twice one job, with more SMs active", (t) => {
  const c = lesson("mps-overlap");
  const naive = run({ ...c.state, mode: "naive" });
  t.true(c.figures.aggregate.relative > naive.aggregate.relative);
  t.true(c.figures.aggregate.relative < 2);
  t.true(c.figures.gpu.smActivity > SET.workloads[R26].smActivity);
});

test("3: under MPS the busy job wins, time-sliced the light one, and a cap moves the balance back", (t) => {
  const c = lesson("who-wins");
  const [light, busy] = rel(c.figures);
  t.true(light < busy);
  const [naiveLight, naiveBusy] = rel(run({ ...c.state, mode: "naive" }));
  t.true(naiveLight > naiveBusy);
  const capped = rel(run({ ...c.state, mode: "mps-partitioned", jobs: [c.state.jobs[0], job(R26, 50)] }));
  t.true(capped[0] > light && capped[1] < busy);
  const kernels = c.context.profiles[c.state.jobs[0].workload].kernels!;
  t.true(kernels.exposedPerStep > 0.25 * kernels.perStep, "many kernels start on an idle stream");
});

test("4: a MIG job's speed does not depend on its neighbour, and the layout leaves SMs in no instance", (t) => {
  const c = lesson("mig-isolation");
  const alone = run({ ...c.state, jobs: [c.state.jobs[0]] });
  t.is(alone.jobs[0].relative, c.figures.jobs[0].relative);
  t.true(c.figures.mig!.smsInNoInstance > 0);
  t.true(alone.aggregate.relative < 1, "one job left in its instance runs below its solo speed");
  t.is(c.state.jobs[1].workload, R50);
});

test("5: some copies run out of memory while the others run, and the job does not fit the smallest instance", (t) => {
  const c = lesson("memory-limit");
  const oom = c.figures.jobs.filter((j) => j.oom).length;
  t.true(oom > 0 && oom < c.figures.jobs.length);
  const smallest = placeableProfiles(H200)[0];
  t.true(c.figures.jobs[0].footprintBytes > smallest.usableMemoryBytes);
  const m = c.measured(c.figures.measuredKey)!;
  t.true(
    m.processes.some((p) => p.oomRuns > 0),
    "the dataset measured this setup running out of memory",
  );
  t.regex(c.text[0], /on the real GPU \d of 7 did/);
});

test("6: small-batch jobs gain more from sharing than the same model at batch 128", (t) => {
  const c = lesson("small-jobs");
  const large = run({ ...c.state, jobs: c.state.jobs.map(() => job(R50)) });
  t.true(c.figures.aggregate.relative > large.aggregate.relative);
  t.true(c.figures.aggregate.relative > 1);
  t.true(SET.workloads[c.state.jobs[0].workload].busyFraction < SET.workloads[R50].busyFraction);
});
