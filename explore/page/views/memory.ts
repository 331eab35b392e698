/** Device memory, stacked job by job against the GPU's or each instance's capacity, out-of-memory marked. */
import { gib } from "../../model/format.ts";
import type { DeviceResult } from "../../model/evaluate.ts";
import { jobColor, jobName } from "../colors.ts";
import { h } from "../dom.ts";
import type { ViewInput } from "./view.ts";

function deviceMemory(input: ViewInput, device: DeviceResult): HTMLElement {
  const { evaluation: e } = input;
  const label = device.instance
    ? `${device.instance.profile.name} @${device.instance.placement.start}`
    : "Whole GPU";
  let before = 0;
  const ooms: HTMLElement[] = [];
  const segments = device.jobs.flatMap((i) => {
    const j = e.jobs[i];
    const left = device.capacityBytes - before;
    before += j.memoryBytes;
    if (j.oom) {
      ooms.push(
        h(
          "li",
          { class: "oom", "data-field": "oom", "data-job": i },
          `${jobName(i)} (${j.workload}) is out of memory: it asks for ${gib(j.footprintBytes)}, ${gib(Math.max(0, left))} were left when it started.`,
        ),
      );
      return [];
    }
    const share = (100 * j.memoryBytes) / device.capacityBytes;
    return [
      h(
        "span",
        {
          class: "segment",
          style: `width:${share}%;--job:${jobColor(i)}`,
          title: `${jobName(i)} ${j.workload}: ${gib(j.memoryBytes)}`,
          "data-field": "memory",
          "data-job": i,
          "data-value": j.memoryBytes,
        },
        share > 6 ? jobName(i) : "",
      ),
    ];
  });
  return h(
    "div",
    { class: "device-memory", "data-device": device.key },
    h(
      "p",
      {},
      h("strong", {}, label),
      ": ",
      h(
        "span",
        { "data-field": "device-memory", "data-value": device.result.memoryBytes },
        gib(device.result.memoryBytes),
      ),
      ` of ${gib(device.capacityBytes)} used`,
    ),
    h(
      "div",
      {
        class: "stack",
        role: "img",
        "aria-label": `${label}: ${gib(device.result.memoryBytes)} of ${gib(device.capacityBytes)}`,
      },
      segments,
    ),
    ooms.length > 0 ? h("ul", { class: "oom-list" }, ooms) : null,
  );
}

export function memoryView(input: ViewInput): HTMLElement {
  const devices = input.evaluation.devices;
  return h(
    "div",
    {},
    h("h2", {}, "Memory"),
    devices.length === 0
      ? h("p", { class: "note" }, "No MIG instance: draw one in the setup.")
      : devices.map((d) => deviceMemory(input, d)),
    h(
      "p",
      { class: "note" },
      "Jobs take memory in start order; one that cannot get even its least footprint runs out of memory and holds nothing (sim/hardware's rule).",
    ),
  );
}
