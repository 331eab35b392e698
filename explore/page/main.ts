/**
 * The page: load the set, start at the first lesson, and on every action reduce the setup, evaluate it through the
 * library and redraw. Timings of every redraw are kept in `collocExplore` for the benchmark (bench/explore.ts).
 */
import { evaluate } from "../model/evaluate.ts";
import { times } from "../model/format.ts";
import { lessonText } from "../model/lessons.ts";
import { placeableProfiles } from "../model/mig.ts";
import { reduce, type ExploreState } from "../model/state.ts";
import type { PageAction, Ui } from "./actions.ts";
import { h } from "./dom.ts";
import { load, type Loaded } from "./load.ts";
import { gpuView } from "./views/gpu.ts";
import { lessonView, type LessonShown } from "./views/lesson.ts";
import { memoryView } from "./views/memory.ts";
import { MODE_LABELS, setupView } from "./views/setup.ts";
import { throughputView } from "./views/throughput.ts";
import { timelineView } from "./views/timeline.ts";
import type { ViewInput } from "./views/view.ts";

export interface Timing {
  action: string;
  /** Evaluation and drawing, in the handler. */
  renderMs: number;
  /** From the input event to the frame after the redraw. */
  eventToFrameMs: number;
}

interface Probe {
  readyMs: number | null;
  renders: number;
  timings: Timing[];
  error: string | null;
}

const probe: Probe = { readyMs: null, renders: 0, timings: [], error: null };
(globalThis as unknown as { collocExplore: Probe }).collocExplore = probe;

let lastEventAt = 0;
for (const type of ["click", "change", "input", "keydown"])
  document.addEventListener(type, (e) => (lastEventAt = e.timeStamp), { capture: true });

function replace(id: string, content: Node): void {
  document.getElementById(id)!.replaceChildren(content);
}

function same(a: ExploreState, b: ExploreState): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function start(data: Loaded): void {
  const gpuName = data.set.gpu.name;
  const spec0 = data.context(gpuName).spec;
  const ui: Ui = {
    migProfile: (placeableProfiles(spec0).find((p) => p.computeSlices === 3) ?? placeableProfiles(spec0)[0])
      .id,
  };
  let state: ExploreState;
  let lesson: { index: number; preset: ExploreState; text: string[] } | null = null;

  const openLesson = (index: number) => {
    const shown = lessonText(data.lessons[index], gpuName, data.context(gpuName), (k) =>
      data.measured.get(k),
    );
    lesson = { index, preset: shown.state, text: shown.text };
    state = shown.state;
  };

  const render = () => {
    const context = data.context(state.gpu);
    const evaluation = evaluate(state, context);
    const measured = evaluation.measuredKey ? data.measured.get(evaluation.measuredKey) : undefined;
    const input: ViewInput = { data, state, ui, context, evaluation, measured, dispatch };
    const focused = document.activeElement?.id;
    const shown: LessonShown | null = lesson && {
      index: lesson.index,
      text: lesson.text,
      changed: !same(state, lesson.preset),
    };
    replace("lesson", lessonView(data.lessons, shown, dispatch));
    replace("setup", setupView(input));
    replace("throughput", throughputView(input));
    replace("memory", memoryView(input));
    replace("gpu-figures", gpuView(input));
    replace("timeline", timelineView(input));
    replace(
      "announce",
      h(
        "span",
        {},
        `${state.jobs.length} job${state.jobs.length > 1 ? "s" : ""}, ${MODE_LABELS[state.mode]}: ${times(evaluation.aggregate.relative)} one job's work`,
      ),
    );
    // Views are rebuilt whole; keyboard focus stays on the control that had it.
    if (focused) document.getElementById(focused)?.focus();
    probe.renders++;
    document.body.dataset.renders = String(probe.renders);
  };

  function dispatch(action: PageAction): void {
    const began = performance.now();
    const eventAt = lastEventAt;
    try {
      if (action.kind === "lesson") openLesson(action.index);
      else if (action.kind === "load") [state, lesson] = [action.state, null];
      else if (action.kind !== "ui") state = reduce(state, action);
      render();
    } catch (error) {
      fail(error);
      return;
    }
    const renderMs = performance.now() - began;
    requestAnimationFrame(() =>
      setTimeout(() =>
        probe.timings.push({ action: action.kind, renderMs, eventToFrameMs: performance.now() - eventAt }),
      ),
    );
  }

  if (data.lessons.length > 0) openLesson(0);
  else
    state = {
      gpu: gpuName,
      mode: "naive",
      jobs: [{ workload: data.workloads[0].workload, percentage: 100, instance: null }],
      layout: [],
      inside: "exclusive",
    };
  document.getElementById("set-line")!.textContent =
    `Calibration set "${data.set.name}" (${data.set.gpu.name}, ${data.workloads.length} workloads)${data.runsFolder ? `, measured runs from ${data.runsFolder}` : ""}.`;
  render();
  // The timeline is drawn to the panel's width: redraw when the window changes size.
  let resizing: ReturnType<typeof setTimeout> | undefined;
  addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => dispatch({ kind: "ui" }), 100);
  });
  probe.readyMs = performance.now();
  performance.mark("explore-ready");
}

function fail(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  probe.error = message;
  document
    .getElementById("error")!
    .replaceChildren(h("p", { role: "alert" }, `Something went wrong: ${message}`));
}

try {
  start(load());
} catch (error) {
  fail(error);
}
