/** The GPU as a whole: NVML utilization, SM activity and board power, measured beside predicted where the dataset has it. */
import { gib, pct, watts } from "../../model/format.ts";
import { h } from "../dom.ts";
import type { ViewInput } from "./view.ts";

interface Meter {
  field: string;
  label: string;
  value: number;
  /** Where the bar ends. */
  full: number;
  text: (x: number) => string;
  measured: number | null | undefined;
  hint: string;
}

function meter(m: Meter): HTMLElement {
  return h(
    "div",
    { class: "meter" },
    h("span", { class: "meter-label" }, m.label),
    h(
      "span",
      { class: "meter-track", "aria-hidden": "true" },
      h("span", { class: "meter-fill", style: `width:${Math.min(100, (100 * m.value) / m.full)}%` }),
    ),
    h("span", { class: "num", "data-field": m.field, "data-value": m.value }, m.text(m.value)),
    m.measured === null || m.measured === undefined
      ? null
      : h(
          "span",
          { class: "num measured", "data-field": `measured-${m.field}`, "data-value": m.measured },
          `measured ${m.text(m.measured)}`,
        ),
    h("span", { class: "hint" }, m.hint),
  );
}

export function gpuView({ evaluation: e, context, measured }: ViewInput): HTMLElement {
  const meters: Meter[] = [
    {
      field: "utilization",
      label: "Utilization",
      value: e.gpu.utilization,
      full: 1,
      text: pct,
      measured: measured?.utilization,
      hint: "time some kernel runs (what nvidia-smi shows)",
    },
    {
      field: "sm-activity",
      label: "SM activity",
      value: e.gpu.smActivity,
      full: 1,
      text: pct,
      measured: measured?.smActivity,
      hint: "SMs busy, averaged over time",
    },
    {
      field: "power",
      label: "Power",
      value: e.gpu.powerW,
      full: context.params.maxPowerW,
      text: watts,
      measured: measured?.powerW,
      hint: `board limit ${watts(context.params.maxPowerW)}`,
    },
    {
      field: "gpu-memory",
      label: "Memory",
      value: e.gpu.memoryBytes,
      full: context.view.memoryBytes,
      text: gib,
      measured: measured?.memoryBytes,
      hint: `of ${gib(context.view.memoryBytes)} for processes`,
    },
  ];
  return h(
    "div",
    {},
    h("h2", {}, "The GPU"),
    h("div", { class: "meters", id: "gpu-meters" }, meters.map(meter)),
  );
}
