/** Each job's throughput shared and alone, the aggregate, and the dataset's measurement beside them. */
import type { Evaluation, JobResult } from "../../model/evaluate.ts";
import { pct, rate, times } from "../../model/format.ts";
import { setupKey, setupOrder, type MeasuredSetup } from "../../model/measured-setup.ts";
import { jobColor, jobName } from "../colors.ts";
import { h } from "../dom.ts";
import type { ViewInput } from "./view.ts";

/** A cell the browser test reads back: its text, and the exact figure in data-value. */
export const figure = (field: string, value: number, text: string, job?: number) =>
  h("td", { "data-field": field, "data-value": value, "data-job": job, class: "num" }, text);

function where(e: Evaluation, job: JobResult): string {
  if (job.device === null) return "no instance";
  const inst = e.devices[job.device].instance;
  return inst ? `${inst.profile.name} @${inst.placement.start}` : "whole GPU";
}

/** The measured process standing for each job (same workload and cap, in setup order), by job index. */
function measuredByJob(e: Evaluation, m: MeasuredSetup | undefined) {
  if (!m) return [];
  const order = setupOrder(e.jobs.map((j) => ({ workload: j.workload, smLimit: j.smLimit ?? null })));
  const out: (typeof m.processes)[number][] = [];
  order.forEach((job, pos) => (out[job] = m.processes[pos]));
  return out;
}

function measuredCell(p: MeasuredSetup["processes"][number] | undefined, job: number) {
  if (!p) return h("td", {}, "");
  if (p.imagesPerS === null)
    return h("td", { class: "num oom", "data-field": "measured", "data-job": job }, "OOM");
  const oom = p.oomRuns > 0 ? ` (OOM in ${p.oomRuns} of ${p.oomRuns + p.trainedRuns})` : "";
  return figure("measured", p.imagesPerS, `${rate(p.imagesPerS)}${oom}`, job);
}

function note(input: ViewInput): HTMLElement {
  const { data, context, state, measured } = input;
  const text = !context.calibrated
    ? `Predicted only: nothing was measured on the ${context.spec.name}.`
    : state.mode === "mig"
      ? `Predicted only: MIG was off on the ${context.spec.name} that recorded the dataset.`
      : measured
        ? `Measured: ${measured.runs.length === 1 ? "run" : `mean of ${measured.runs.length} runs`} ${measured.runs.join(", ")} in ${data.runsFolder}.`
        : `The dataset${data.runsFolder ? ` (${data.runsFolder})` : ""} has no run of exactly this setup; "Setups measured" below lists those it has.`;
  return h("p", { class: "note", id: "measured-note" }, text);
}

export function throughputView(input: ViewInput): HTMLElement {
  const { evaluation: e, measured, data } = input;
  const byJob = measuredByJob(e, measured);
  const mig = e.mig !== null;
  const aloneMeasured = (w: string) =>
    data.measured.get(setupKey("exclusive", [{ workload: w, smLimit: null }]))?.processes[0]?.imagesPerS ??
    null;
  const rows = e.jobs.map((j, i) =>
    h(
      "tr",
      { style: `--job:${jobColor(i)}` },
      h("th", { scope: "row" }, h("span", { class: "badge" }, jobName(i))),
      h("td", {}, j.workload),
      mig ? h("td", {}, where(e, j)) : null,
      j.oom
        ? h("td", { class: "num oom", "data-field": "images", "data-value": 0, "data-job": i }, "OOM")
        : figure("images", j.imagesPerS, rate(j.imagesPerS), i),
      figure("alone", j.aloneImagesPerS, rate(j.aloneImagesPerS), i),
      h(
        "td",
        { class: "bar-cell", "data-field": "relative", "data-value": j.relative, "data-job": i },
        h(
          "span",
          { class: "bar-track" },
          h("span", { class: "bar", style: `width:${Math.min(100, 100 * j.relative)}%` }),
        ),
        h("span", { class: "bar-label" }, pct(j.relative)),
      ),
      measured ? measuredCell(byJob[i], i) : null,
    ),
  );
  const measuredSum = measured ? byJob.reduce((s, p) => s + (p?.imagesPerS ?? 0), 0) : 0;
  const measuredWork = measured
    ? byJob.reduce<number | null>((s, p, i) => {
        const alone = aloneMeasured(e.jobs[i].workload);
        return s === null || alone === null ? null : s + (p?.imagesPerS ?? 0) / alone;
      }, 0)
    : null;
  return h(
    "div",
    {},
    h("h2", {}, "Throughput"),
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { id: "throughput-table" },
        h(
          "caption",
          {},
          "Images per second of each job, shared and alone on the whole GPU (OOM: out of memory)",
        ),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            ["Job", "Workload", ...(mig ? ["Runs on"] : []), "Shared", "Alone", "Share of alone"].map((c) =>
              h("th", { scope: "col" }, c),
            ),
            measured ? h("th", { scope: "col" }, "Measured") : null,
          ),
        ),
        h("tbody", {}, rows),
        h(
          "tfoot",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "row", colspan: mig ? 3 : 2 }, "All jobs"),
            figure("aggregate-images", e.aggregate.imagesPerS, rate(e.aggregate.imagesPerS)),
            h("td", {}, ""),
            figure(
              "aggregate-relative",
              e.aggregate.relative,
              `${times(e.aggregate.relative)} one job's work`,
            ),
            measured
              ? figure(
                  "measured-aggregate",
                  measuredSum,
                  measuredWork === null ? rate(measuredSum) : `${rate(measuredSum)} (${times(measuredWork)})`,
                )
              : null,
          ),
        ),
      ),
    ),
    h(
      "p",
      { class: "note" },
      `"Share of alone" is each job's speed over its speed alone on the whole GPU; summed over the jobs it says how much training work the GPU does, in units of one job alone (above 1x sharing pays).`,
    ),
    note(input),
  );
}
