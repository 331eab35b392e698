/**
 * The guided tour: six presets, each with two or three sentences. Every number in a sentence is computed from the
 * preset (or a variant of it) by the same evaluation the page shows, so the text follows the models as they
 * change; test/explore/lessons.test.ts checks that what each sentence claims still holds.
 */
import { evaluate, type Evaluation } from "./evaluate.ts";
import { gib, pct, times } from "./format.ts";
import type { GpuContext } from "./gpu-context.ts";
import type { MeasuredSetup } from "./measured-setup.ts";
import { placeableProfiles } from "./mig.ts";
import { job, makeState, type ExploreState, type Job } from "./state.ts";

export interface LessonContext {
  context: GpuContext;
  /** The preset, what the page shows for it, and any other setup on the same GPU. */
  state: ExploreState;
  figures: Evaluation;
  evaluate: (state: ExploreState) => Evaluation;
  measured: (key: string | null) => MeasuredSetup | undefined;
}

export interface Lesson {
  id: string;
  title: string;
  /** Workloads the preset runs: a set without all of them has no such lesson. */
  workloads: string[];
  preset: (gpu: string) => ExploreState;
  text: (c: LessonContext) => string[];
}

const R26 = "resnet26-c10-b128";
const R50 = "resnet50-i64-b128";
const R50_SMALL = "resnet50-i64-b32";
const R152 = "resnet152-in-b128";
const R152_SMALL = "resnet152-in-b32";
/** The active-thread percentage lesson 3 suggests for the busy job. */
const CAP = 50;

/** A lesson's sentences for its preset on `gpu`, evaluated in `context`, with the measured setups by key. */
export function lessonText(
  lesson: Lesson,
  gpu: string,
  context: GpuContext,
  measured: (key: string) => MeasuredSetup | undefined,
): { state: ExploreState; figures: Evaluation; text: string[] } {
  const state = lesson.preset(gpu);
  const run = (s: ExploreState) => evaluate(s, context);
  const figures = run(state);
  const text = lesson.text({
    context,
    state,
    figures,
    evaluate: run,
    measured: (k) => (k ? measured(k) : undefined),
  });
  return { state, figures, text };
}

/** The lessons a set can give: those whose workloads it profiles. */
export function lessonsFor(profiles: Record<string, unknown>): Lesson[] {
  return LESSONS.filter((l) => l.workloads.every((w) => w in profiles));
}

const copies = (n: number, workload: string): Job[] => Array.from({ length: n }, () => job(workload));
const busyOf = (c: LessonContext, w: string) => c.context.profiles[w].busyFraction;
const activityOf = (c: LessonContext, w: string) => c.context.profiles[w].smActivity;

export const LESSONS: readonly Lesson[] = [
  {
    id: "switching-cost",
    title: "Time-slicing pays a switching cost",
    workloads: [R26],
    preset: (gpu) => makeState(gpu, "naive", copies(2, R26)),
    text: (c) => {
      const f = c.figures;
      return [
        `Time-slicing gives the whole GPU to one process at a time, and ${R26} alone keeps it busy ${pct(busyOf(c, R26))} of every step, so the two jobs can only take turns: each runs at ${pct(f.jobs[0].relative)} of its solo speed.`,
        `Together they do ${times(f.aggregate.relative)} the work of one job alone; the rest is lost to context switches, each costing ${pct(c.context.params.switchOverhead)} of the GPU time the turn before it used (fitted on the dataset's time-sliced runs): the gaps in the timeline where no SM works.`,
      ];
    },
  },
  {
    id: "mps-overlap",
    title: "MPS overlaps kernels",
    workloads: [R26],
    preset: (gpu) => makeState(gpu, "mps", copies(2, R26)),
    text: (c) => {
      const f = c.figures;
      const naive = c.evaluate({ ...c.state, mode: "naive" });
      return [
        `Under MPS one server runs the kernels of both processes at the same time: where ${R26} alone keeps ${pct(activityOf(c, R26))} of the SMs active on average, the two side by side keep ${pct(f.gpu.smActivity)} active.`,
        `The pair does ${times(f.aggregate.relative)} the work of one job alone, against ${times(naive.aggregate.relative)} time-sliced, with no context switch to pay.`,
        `It is far from 2x because the kernels still compete for issue slots, memory bandwidth and L2: each job runs at ${pct(f.jobs[0].relative)} of its solo speed.`,
      ];
    },
  },
  {
    id: "who-wins",
    title: "What decides who wins under MPS",
    workloads: [R152_SMALL, R26],
    preset: (gpu) => makeState(gpu, "mps", [job(R152_SMALL), job(R26)]),
    text: (c) => {
      const f = c.figures;
      const kernels = c.context.profiles[R152_SMALL].kernels;
      const naive = c.evaluate({ ...c.state, mode: "naive" });
      const capped = c.evaluate({
        ...c.state,
        mode: "mps-partitioned",
        jobs: [job(R152_SMALL), job(R26, CAP)],
      });
      const launches = kernels
        ? ` (${Math.round(kernels.exposedPerStep)} of its ${Math.round(kernels.perStep)} kernels per step start on an idle stream)`
        : "";
      return [
        `${R152_SMALL} launches many short kernels one at a time${launches}, and under MPS each of them waits for the blocks of ${R26}'s long kernels to leave the SMs: it keeps ${pct(f.jobs[0].relative)} of its solo speed, ${R26} keeps ${pct(f.jobs[1].relative)}.`,
        `Time-slicing splits the other way (${pct(naive.jobs[0].relative)} and ${pct(naive.jobs[1].relative)}), because there the GPU's time is shared by demand and the light job asks for little.`,
        `Choose "MPS with limits" and cap ${R26} at ${pct(CAP / 100)}: ${R152_SMALL} gets back to ${pct(capped.jobs[0].relative)}, ${R26} drops to ${pct(capped.jobs[1].relative)}.`,
      ];
    },
  },
  {
    id: "mig-isolation",
    title: "MIG isolates, but strands capacity",
    workloads: [R26, R50],
    preset: (gpu) => makeState(gpu, "mig", [job(R26), job(R50)]),
    text: (c) => {
      const f = c.figures;
      const spec = c.context.spec;
      const alone = c.evaluate({ ...c.state, jobs: [c.state.jobs[0]] });
      const mps = c.evaluate({ ...c.state, mode: "mps" });
      const names = f.mig!.instances.map((i) => i.profile.name).join(" + ");
      const used = f.mig!.instances.reduce((s, i) => s + i.profile.computeSlices, 0);
      return [
        `MIG cuts the GPU into instances with their own SMs, memory and bandwidth, so a job's speed depends on its instance only: ${R26} runs at ${pct(f.jobs[0].relative)} of its solo speed beside ${R50} and at ${pct(alone.jobs[0].relative)} with the other instance empty.`,
        `${names} uses ${used} of the ${spec.computeSlices} compute slices and leaves ${f.mig!.smsInNoInstance} of the ${spec.sms} SMs in no instance; the pair does ${times(f.aggregate.relative)} the work of one job alone (under MPS ${times(mps.aggregate.relative)}; MIG was off on the GPU that recorded the dataset, so these MIG figures are the model's).`,
        `The price shows when the jobs stop matching the split: with ${R50} gone, ${R26} stays in its instance at ${pct(alone.jobs[0].relative)} while the other instance idles.`,
      ];
    },
  },
  {
    id: "memory-limit",
    title: "When memory, not compute, is the limit",
    workloads: [R152],
    preset: (gpu) => makeState(gpu, "mps", copies(7, R152)),
    text: (c) => {
      const f = c.figures;
      const oom = f.jobs.filter((j) => j.oom).length;
      const measured = c.measured(f.measuredKey);
      const race = measured
        ? ` (on the real GPU ${measured.processes.filter((p) => p.oomRuns > 0).length} of ${measured.processes.length} did: which copies lose the race for memory at start-up is chance)`
        : "";
      const smallest = placeableProfiles(c.context.spec)[0];
      return [
        `Each ${R152} process holds ${gib(f.jobs[0].footprintBytes)}, so ${f.jobs.length - oom} of the seven fit in the ${gib(f.devices[0].capacityBytes)} the ${c.context.spec.name} leaves to processes and ${oom} run out of memory before their first step${race}.`,
        `Compute is shared by slowing every job down (each of the ${f.jobs.length - oom} runs at ${pct(f.jobs[0].relative)} of its solo speed), memory is not: a job that does not fit does not run at all.`,
        `On MIG the limit is the instance's memory: in a ${smallest.name} instance (${gib(smallest.usableMemoryBytes)}) this job does not fit at all.`,
      ];
    },
  },
  {
    id: "small-jobs",
    title: "Why several small jobs gain more than large ones",
    workloads: [R50_SMALL, R50],
    preset: (gpu) => makeState(gpu, "mps", copies(3, R50_SMALL)),
    text: (c) => {
      const f = c.figures;
      const large = c.evaluate({ ...c.state, jobs: copies(3, R50) });
      return [
        `A small job leaves much of the GPU idle: alone, ${R50_SMALL} keeps it busy ${pct(busyOf(c, R50_SMALL))} of each step with ${pct(activityOf(c, R50_SMALL))} of its SMs active on average, while the host prepares the next launches.`,
        `Three copies under MPS fill those gaps and do ${times(f.aggregate.relative)} the work of one job alone, where three copies at batch 128 (${R50}, busy ${pct(busyOf(c, R50))} alone) do ${times(large.aggregate.relative)}.`,
        `Collocation pays most for jobs that cannot fill the GPU on their own: small batches, small inputs, launch-bound loops.`,
      ];
    },
  },
];
