/**
 * A few milliseconds kernel by kernel (the view of notebook 4), from sim/replay through model/timeline.ts: per job
 * a mark in every bin in which it finished kernels, and below them the SMs doing work.
 */
import type { DeviceResult } from "../../model/evaluate.ts";
import { WINDOW_S, cachedTimelines, type DeviceTimeline } from "../../model/timeline.ts";
import { jobColor, jobName } from "../colors.ts";
import { h, s } from "../dom.ts";
import type { ViewInput } from "./view.ts";

const LEFT = 44;
const ROW = 20;
const AREA = 64;
const AXIS = 22;

/** One device's chart, `width` pixels wide (the panel's width: labels keep their size on a phone). */
function chart(device: DeviceResult, t: DeviceTimeline, title: string, width: number): SVGElement {
  const bins = t.smsInUse.length;
  const xOf = (bin: number) => LEFT + ((width - LEFT - 8) * bin) / bins;
  const rowsHeight = t.jobs.length * ROW;
  const areaTop = rowsHeight + 8;
  const height = areaTop + AREA + AXIS;
  const rows = t.jobs.flatMap((j, r) => [
    s("text", { x: 4, y: r * ROW + 14, class: "axis-label" }, jobName(j.job)),
    s("line", { x1: LEFT, x2: xOf(bins), y1: r * ROW + ROW / 2, y2: r * ROW + ROW / 2, class: "row-line" }),
    ...j.finished.flatMap((n, b) =>
      n === 0
        ? []
        : [
            s("rect", {
              x: xOf(b),
              y: r * ROW + 2,
              width: Math.max(2, xOf(b + 1) - xOf(b)),
              height: ROW - 4,
              fill: jobColor(j.job),
              "fill-opacity": (0.5 + 0.5 * Math.min(1, n / 3)).toFixed(2),
            }),
          ],
    ),
  ]);
  const yOf = (sms: number) => areaTop + AREA * (1 - Math.min(1, sms / t.sms));
  const path = [
    `M${xOf(0)},${yOf(0)}`,
    ...t.smsInUse.flatMap((v, b) => [`L${xOf(b)},${yOf(v)}`, `L${xOf(b + 1)},${yOf(v)}`]),
    `L${xOf(bins)},${yOf(0)}Z`,
  ];
  const ticks = Array.from({ length: Math.round(WINDOW_S * 1000) + 1 }, (_, ms) => {
    const x = xOf((ms / 1000 / WINDOW_S) * bins);
    return [
      s("line", { x1: x, x2: x, y1: areaTop + AREA, y2: areaTop + AREA + 4, class: "axis" }),
      s(
        "text",
        {
          x,
          y: height - 4,
          class: "axis-label",
          "text-anchor": ms === 0 ? "start" : ms === WINDOW_S * 1000 ? "end" : "middle",
        },
        ms === 0 ? "0" : `${ms} ms`,
      ),
    ];
  });
  const finished = t.jobs.map((j) => `${jobName(j.job)} ${j.finished.reduce((a, b) => a + b, 0)}`).join(", ");
  const meanSms = t.smsInUse.reduce((a, b) => a + b, 0) / t.smsInUse.length;
  return s(
    "svg",
    {
      viewBox: `0 0 ${width} ${height}`,
      class: "timeline",
      role: "img",
      "aria-label": `${title}: kernels finished in ${WINDOW_S * 1000} ms: ${finished}; ${meanSms.toFixed(0)} of ${t.sms} SMs doing work on average`,
      "data-device": device.key,
      "data-mean-sms": meanSms,
    },
    rows,
    s("text", { x: LEFT - 4, y: yOf(t.sms) + 10, class: "axis-label", "text-anchor": "end" }, String(t.sms)),
    s("text", { x: LEFT - 4, y: yOf(0), class: "axis-label", "text-anchor": "end" }, "0"),
    s("line", { x1: LEFT, x2: xOf(bins), y1: yOf(t.sms), y2: yOf(t.sms), class: "capacity" }),
    s("path", { d: path.join(""), class: "sm-area" }),
    ticks,
  );
}

const sharing = (t: DeviceTimeline, jobs: number) =>
  jobs === 1 ? "one job" : t.mode === "naive" ? "time-sliced" : "kernels side by side";

export function timelineView({ data, context, evaluation, state }: ViewInput): HTMLElement {
  const heading = h("h2", {}, `${WINDOW_S * 1000} ms of training, kernel by kernel`);
  if (!context.calibrated || data.traces === null) {
    const why =
      data.traces === null
        ? "the set has no kernel traces"
        : `its kernel traces were recorded on the ${data.set.gpu.name}`;
    return h("div", {}, heading, h("p", { class: "note" }, `No timeline on this GPU: ${why}.`));
  }
  const width = Math.max(320, document.getElementById("timeline")?.clientWidth ?? 800);
  const timelines = cachedTimelines(
    evaluation.devices,
    data.traces,
    context.params,
    data.set.timeSliceS,
    context.spec.sms,
  );
  const charts = evaluation.devices.flatMap((d, k) => {
    const t = timelines[k];
    if (!t || t.jobs.length === 0) return [];
    const name = d.instance ? `${d.instance.profile.name} @${d.instance.placement.start}` : "Whole GPU";
    const title = `${name}, ${t.sms} SMs, ${sharing(t, t.jobs.length)}`;
    const caveat = t.approximate
      ? h(
          "p",
          { class: "note" },
          "Approximate: sim/replay caps each client at the instance's SMs but knows no instance, so they overlap as if they had the whole GPU's.",
        )
      : null;
    return [
      h(
        "figure",
        { class: "timeline-figure" },
        h("figcaption", {}, title),
        chart(d, t, title, width),
        h(
          "ul",
          { class: "timeline-counts" },
          t.jobs.map((j) =>
            h(
              "li",
              {
                style: `--job:${jobColor(j.job)}`,
                "data-field": "kernels",
                "data-job": j.job,
                "data-value": j.finished.reduce((a, b) => a + b, 0),
              },
              h("span", { class: "badge" }, jobName(j.job)),
              ` ${evaluation.jobs[j.job].workload}: ${j.finished.reduce((a, b) => a + b, 0)} kernels finished (${j.alone} alone here)`,
            ),
          ),
        ),
        caveat,
      ),
    ];
  });
  return h(
    "div",
    {},
    heading,
    charts.length > 0 ? charts : h("p", { class: "note" }, "No job runs."),
    h(
      "p",
      { class: "note" },
      `sim/replay loops each job's recorded step${state.mode === "mig" ? " in its instance" : ""}, each job entering the window at a different point of its step: a coloured mark where a job finished kernels (darker: more of them), and below, the SMs doing work out of the device's (dashed line). Under time-slicing the gaps where no SM works are context switches.${state.mode === "mig" ? " The replay gives an instance its SMs, not its smaller share of memory bandwidth (the figures above have both)." : ""}`,
    ),
  );
}
