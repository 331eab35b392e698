/** The setup panel: GPU, sharing mode, the jobs, and the measured setups one can load. */
import { gpus, mpsClientSms } from "../../../sim/hardware/index.ts";
import { gib } from "../../model/format.ts";
import type { MeasuredMode, MeasuredSetup } from "../../model/measured-setup.ts";
import { MAX_JOBS, MODES, roomLeft, stateOfMeasured, type Mode } from "../../model/state.ts";
import { instancesOf } from "../../model/mig.ts";
import { jobColor, jobName } from "../colors.ts";
import { h } from "../dom.ts";
import { migEditor } from "./mig.ts";
import { choices } from "./choices.ts";
import type { ViewInput } from "./view.ts";

export const MODE_LABELS: Record<Mode, string> = {
  naive: "Time-slicing",
  mps: "MPS",
  "mps-partitioned": "MPS with limits",
  mig: "MIG",
};

const MODE_HINTS: Record<Mode, string> = {
  naive: "the driver gives the whole GPU to one process at a time",
  mps: "kernels of all processes run at once",
  "mps-partitioned": "MPS, each job capped to a percentage of the SMs",
  mig: "the GPU cut into isolated instances",
};

const value = (e: Event) => (e.target as HTMLInputElement | HTMLSelectElement).value;

function gpuPicker({ data, state, context, dispatch }: ViewInput): HTMLElement {
  const options = gpus().map((g) =>
    h(
      "option",
      { value: g.name, selected: g.name === state.gpu },
      g.name === data.set.gpu.name ? `${g.name} (measured: set ${data.set.name})` : `${g.name} (transferred)`,
    ),
  );
  return h(
    "div",
    { class: "field" },
    h("label", { for: "gpu" }, "GPU"),
    h("select", { id: "gpu", onchange: (e: Event) => dispatch({ kind: "gpu", gpu: value(e) }) }, options),
    context.calibrated
      ? null
      : h(
          "p",
          { class: "note", id: "transfer-note" },
          `No workload was measured on the ${context.spec.name}: the set's ${data.set.gpu.name} profiles are transferred to it by calibration/transfer.ts (host time kept, GPU time scaled by TF32 and bandwidth). Predictions only.`,
        ),
  );
}

function modePicker({ state, dispatch }: ViewInput): HTMLElement {
  const label = (mode: Mode) =>
    h("span", {}, h("strong", {}, MODE_LABELS[mode]), h("span", { class: "hint" }, MODE_HINTS[mode]));
  return choices("mode", "Sharing", MODES, state.mode, label, (mode) => dispatch({ kind: "mode", mode }));
}

function workloadOptions(input: ViewInput, selected: string) {
  return input.data.workloads.map((w) =>
    h(
      "option",
      { value: w.workload, selected: w.workload === selected },
      `${w.workload} (${gib(w.memory_bytes)})`,
    ),
  );
}

function percentageField(input: ViewInput, i: number): HTMLElement {
  const { state, context, dispatch } = input;
  const pct = state.jobs[i].percentage;
  const sms =
    pct >= 100 ? context.spec.sms : mpsClientSms(context.spec.sms, pct, context.spec.mps.smGranularity);
  return h(
    "span",
    { class: "pct" },
    h("label", { for: `job-${i}-pct` }, "SM limit %"),
    h("input", {
      id: `job-${i}-pct`,
      type: "number",
      min: 1,
      max: 100,
      step: 1,
      value: pct,
      onchange: (e: Event) => dispatch({ kind: "percentage", job: i, percentage: Number(value(e)) }),
    }),
    h("output", { for: `job-${i}-pct`, id: `job-${i}-sms` }, `= ${sms} SMs`),
  );
}

function instanceField(input: ViewInput, i: number): HTMLElement {
  const { state, context, dispatch } = input;
  const room = roomLeft(context.spec, state, i);
  const current = state.jobs[i].instance;
  const options = instancesOf(context.spec, state.layout)
    .filter((inst) => inst.key === current || room.get(inst.key)! > 0)
    .map((inst) =>
      h(
        "option",
        { value: inst.key, selected: inst.key === current },
        `${inst.profile.name} at slice ${inst.placement.start}`,
      ),
    );
  return h(
    "span",
    { class: "instance" },
    h("label", { for: `job-${i}-instance` }, "instance"),
    current === null
      ? h("span", { class: "warn", id: `job-${i}-instance` }, "no instance with room")
      : h(
          "select",
          {
            id: `job-${i}-instance`,
            onchange: (e: Event) => dispatch({ kind: "instance", job: i, instance: value(e) }),
          },
          options,
        ),
  );
}

function jobList(input: ViewInput): HTMLElement {
  const { state, dispatch } = input;
  const rows = state.jobs.map((j, i) =>
    h(
      "li",
      { class: "job", style: `--job:${jobColor(i)}` },
      h("span", { class: "badge", "aria-hidden": "true" }, jobName(i)),
      h("label", { for: `job-${i}-workload`, class: "visually-hidden" }, `Workload of job ${jobName(i)}`),
      h(
        "select",
        {
          id: `job-${i}-workload`,
          onchange: (e: Event) => dispatch({ kind: "workload", job: i, workload: value(e) }),
        },
        workloadOptions(input, j.workload),
      ),
      state.mode === "mps-partitioned" ? percentageField(input, i) : null,
      state.mode === "mig" ? instanceField(input, i) : null,
      h(
        "button",
        {
          type: "button",
          id: `job-${i}-remove`,
          class: "small",
          disabled: state.jobs.length <= 1,
          "aria-label": `Remove job ${jobName(i)}`,
          onclick: () => dispatch({ kind: "remove-job", job: i }),
        },
        "Remove",
      ),
    ),
  );
  const last = state.jobs[state.jobs.length - 1].workload;
  const full = state.jobs.length >= MAX_JOBS;
  return h(
    "fieldset",
    { class: "jobs" },
    h("legend", {}, `Jobs (${state.jobs.length} of ${MAX_JOBS}, in start order)`),
    h("ol", {}, rows),
    h(
      "div",
      { class: "add" },
      h("label", { for: "add-workload", class: "visually-hidden" }, "Workload of the job to add"),
      h("select", { id: "add-workload", disabled: full }, workloadOptions(input, last)),
      h(
        "button",
        {
          type: "button",
          id: "add-job",
          disabled: full,
          onclick: () => {
            const picker = document.getElementById("add-workload") as HTMLSelectElement;
            dispatch({ kind: "add-job", workload: picker.value });
          },
        },
        "Add job",
      ),
    ),
  );
}

const GROUPS: Record<MeasuredMode, string> = {
  exclusive: "Alone",
  naive: "Time-slicing",
  mps: "MPS",
  "mps-partitioned": "MPS with limits",
};

function describe(setup: MeasuredSetup): string {
  const counts = new Map<string, number>();
  for (const p of setup.processes) {
    const name = p.smLimit === null ? p.workload : `${p.workload} @ ${p.smLimit} SMs`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, n]) => (n > 1 ? `${n} x ${name}` : name)).join(" + ");
}

/** The setups the dataset measured on this GPU, to load one and see measurement beside prediction. */
function measuredPicker({ data, state, context, dispatch }: ViewInput): HTMLElement | null {
  if (!context.calibrated || data.measured.size === 0) return null;
  const loadable = [...data.measured.values()].filter((m) => stateOfMeasured(m, state.gpu) !== undefined);
  const groups = (Object.keys(GROUPS) as MeasuredMode[]).map((mode) =>
    h(
      "optgroup",
      { label: GROUPS[mode] },
      loadable.filter((m) => m.mode === mode).map((m) => h("option", { value: m.key }, describe(m))),
    ),
  );
  return h(
    "div",
    { class: "field" },
    h("label", { for: "measured-setup" }, `Setups measured on the ${context.spec.name}`),
    h(
      "select",
      {
        id: "measured-setup",
        onchange: (e: Event) => {
          const setup = data.measured.get(value(e));
          const next = setup && stateOfMeasured(setup, state.gpu);
          if (next) dispatch({ kind: "load", state: next });
        },
      },
      h("option", { value: "" }, `Load one of ${loadable.length}…`),
      groups,
    ),
  );
}

export function setupView(input: ViewInput): HTMLElement {
  return h(
    "div",
    {},
    h("h2", {}, "Setup"),
    gpuPicker(input),
    modePicker(input),
    input.state.mode === "mig" ? migEditor(input) : null,
    jobList(input),
    measuredPicker(input),
  );
}
