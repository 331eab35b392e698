/**
 * The MIG editor: the GPU's memory slices as a grid with the instances drawn on it, the starts where the chosen
 * profile may go (sim/hardware's placement rules decide), stranded slices, and how an instance's jobs share it.
 */
import { PLACEMENT_RULES } from "../../../sim/hardware/index.ts";
import { gib } from "../../model/format.ts";
import { instancesOf, placeableProfiles, startOptions, strandedBy } from "../../model/mig.ts";
import { INSIDE, type Inside } from "../../model/state.ts";
import { jobName } from "../colors.ts";
import { h } from "../dom.ts";
import { choices } from "./choices.ts";
import type { ViewInput } from "./view.ts";

const INSIDE_LABELS: Record<Inside, string> = {
  exclusive: "One job per instance",
  naive: "Time-slicing inside",
  mps: "MPS inside",
};

/** "9@4" -> "9-4": instance keys as id parts. */
const idOf = (key: string) => key.replace("@", "-");

function grid(input: ViewInput): HTMLElement {
  const { state, ui, context, dispatch } = input;
  const spec = context.spec;
  const instances = instancesOf(spec, state.layout);
  const stranded = new Set(strandedBy(spec, state.layout).memorySlices);
  const used = new Set(
    instances.flatMap((i) => Array.from({ length: i.profile.memorySlices }, (_, k) => i.placement.start + k)),
  );
  const profile = spec.migProfiles.find((p) => p.id === ui.migProfile) ?? placeableProfiles(spec)[0];
  const span = (start: number, size: number) => `grid-column: ${start + 1} / span ${size}`;
  const headers = Array.from({ length: spec.memorySlices }, (_, s) =>
    h("div", { class: "slice-no", style: span(s, 1), "aria-hidden": "true" }, String(s)),
  );
  const blocks = instances.map((inst) => {
    const jobs = state.jobs.flatMap((j, k) => (j.instance === inst.key ? [jobName(k)] : []));
    return h(
      "div",
      {
        class: "mig-instance",
        style: span(inst.placement.start, inst.profile.memorySlices),
        "data-instance": inst.key,
      },
      h("strong", {}, inst.profile.name),
      h(
        "span",
        {},
        `${inst.profile.computeSlices} compute · ${inst.profile.sms} SMs · ${gib(inst.profile.usableMemoryBytes)}`,
      ),
      h("span", { class: "mig-jobs" }, jobs.length > 0 ? jobs.join(" ") : "no job"),
      h(
        "button",
        {
          type: "button",
          class: "small",
          id: `mig-remove-${idOf(inst.key)}`,
          "aria-label": `Remove ${inst.profile.name} at slice ${inst.placement.start}`,
          onclick: () => dispatch({ kind: "remove-instance", instance: inst.key }),
        },
        "Remove",
      ),
    );
  });
  const free = Array.from({ length: spec.memorySlices }, (_, s) => s)
    .filter((s) => !used.has(s))
    .map((s) =>
      h(
        "div",
        { class: stranded.has(s) ? "mig-free stranded" : "mig-free", style: span(s, 1), "data-slice": s },
        stranded.has(s) ? "stranded" : "free",
      ),
    );
  const slots = startOptions(spec, state.layout, profile).map((o) =>
    h(
      "button",
      {
        type: "button",
        class: "mig-slot",
        id: `mig-place-${o.start}`,
        style: span(o.start, profile.memorySlices),
        disabled: o.problem !== undefined,
        title: o.problem ?? `Place ${profile.name} at memory slice ${o.start}`,
        "aria-label": `Place ${profile.name} at memory slice ${o.start}`,
        onclick: () => dispatch({ kind: "place", profileId: profile.id, start: o.start }),
      },
      `+ ${profile.name} @${o.start}`,
    ),
  );
  return h(
    "div",
    {
      class: "mig-grid",
      style: `grid-template-columns: repeat(${spec.memorySlices}, 1fr)`,
      role: "group",
      "aria-label": "MIG memory slices",
    },
    headers,
    h("div", { class: "mig-row" }, blocks, free),
    h("div", { class: "mig-row slots" }, slots),
  );
}

function placer(input: ViewInput): HTMLElement {
  const { state, ui, context, dispatch } = input;
  const spec = context.spec;
  const profile = spec.migProfiles.find((p) => p.id === ui.migProfile) ?? placeableProfiles(spec)[0];
  const options = startOptions(spec, state.layout, profile);
  const fits = options.filter((o) => o.problem === undefined).map((o) => o.start);
  const why = options.find((o) => o.problem !== undefined)?.problem;
  return h(
    "div",
    { class: "mig-placer" },
    h("label", { for: "mig-profile" }, "Profile to place"),
    h(
      "select",
      {
        id: "mig-profile",
        onchange: (e: Event) => {
          ui.migProfile = Number((e.target as HTMLSelectElement).value);
          dispatch({ kind: "ui" });
        },
      },
      placeableProfiles(spec).map((p) =>
        h(
          "option",
          { value: p.id, selected: p.id === profile.id },
          `${p.name} (${p.sms} SMs, ${gib(p.usableMemoryBytes)})`,
        ),
      ),
    ),
    PLACEMENT_RULES.map((rule) =>
      h(
        "button",
        {
          type: "button",
          id: `mig-rule-${rule}`,
          disabled: fits.length === 0,
          onclick: () => dispatch({ kind: "place-by-rule", profileId: profile.id, rule }),
        },
        `Place by ${rule}`,
      ),
    ),
    h(
      "button",
      {
        type: "button",
        id: "mig-clear",
        disabled: state.layout.length === 0,
        onclick: () => dispatch({ kind: "clear-layout" }),
      },
      "Clear",
    ),
    h(
      "p",
      { class: "note", id: "mig-fits", "aria-live": "polite" },
      fits.length > 0
        ? `${profile.name} can start at memory slice ${fits.join(", ")}.`
        : `${profile.name} cannot be placed: ${why}.`,
    ),
  );
}

function summary({ context, evaluation }: ViewInput): HTMLElement {
  const mig = evaluation.mig!;
  const spec = context.spec;
  const compute = mig.instances.reduce((s, i) => s + i.profile.computeSlices, 0);
  const slices = mig.stranded.memorySlices;
  return h(
    "p",
    { id: "mig-summary" },
    `${compute} of ${spec.computeSlices} compute slices in instances; stranded: `,
    h(
      "strong",
      { "data-field": "stranded-compute", "data-value": mig.stranded.computeSlices },
      `${mig.stranded.computeSlices} compute`,
    ),
    ", ",
    h(
      "strong",
      { "data-field": "stranded-memory", "data-value": slices.join(",") },
      slices.length === 0
        ? "no memory slice"
        : `memory slice${slices.length > 1 ? "s" : ""} ${slices.join(", ")}`,
    ),
    "; ",
    h(
      "strong",
      { "data-field": "sms-in-no-instance", "data-value": mig.smsInNoInstance },
      `${mig.smsInNoInstance} of ${spec.sms} SMs`,
    ),
    " in no instance.",
  );
}

function insidePicker({ state, dispatch }: ViewInput): HTMLElement {
  return choices(
    "inside",
    "Jobs inside one instance",
    INSIDE,
    state.inside,
    (v) => INSIDE_LABELS[v],
    (inside) => dispatch({ kind: "inside", inside }),
  );
}

export function migEditor(input: ViewInput): HTMLElement {
  const spec = input.context.spec;
  return h(
    "fieldset",
    { class: "mig" },
    h("legend", {}, `MIG layout: ${spec.memorySlices} memory slices, ${spec.computeSlices} compute slices`),
    grid(input),
    summary(input),
    placer(input),
    insidePicker(input),
  );
}
