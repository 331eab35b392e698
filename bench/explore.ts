/**
 * `npm run bench:explore`: the `colloc explore` page in Chromium, opened from its static folder (file://).
 * Page load: navigation start to the first lesson drawn, over fresh pages. Interactions: from the input event
 * to the frame after the redraw (the page records both ends), for every kind of change a student makes, each
 * round with other workloads so that no round redraws a timeline the page already has. Targets: load 2 s,
 * every interaction 200 ms. Prints a table, then one JSON line.
 */
import type { Page } from "playwright-core";
import { formatTable } from "../cli/table.ts";
import { act, buildSite, launch, open } from "../test/explore/page.ts";

const LOADS = 5;
const LOAD_TARGET_MS = 2000;
const INTERACTION_TARGET_MS = 200;
const MIXED = [
  "resnet26-c10-b32",
  "resnet50-i64-b32",
  "resnet152-in-b32",
  "effnetv2s-c10-b128",
  "cait-c10-b128",
  "resnet50-i64-b128",
];
/** The workloads each round adds: four mixes, then the costliest to replay (launch-bound, many short kernels). */
const ROUNDS = [0, 1, 2, 3]
  .map((r) => MIXED.map((_, k) => MIXED[(r + k) % MIXED.length]))
  .concat([Array(6).fill("resnet26-c10-b32")]);

interface Timing {
  action: string;
  renderMs: number;
  eventToFrameMs: number;
}

const probe = (page: Page) =>
  page.evaluate("globalThis.collocExplore") as Promise<{
    readyMs: number;
    timings: Timing[];
    error: string | null;
  }>;

/** The timing the page recorded for one interaction (it lands a frame after the redraw). */
async function timed(page: Page, interaction: () => Promise<unknown>): Promise<Timing> {
  const before = (await probe(page)).timings.length;
  await act(page, interaction);
  await page.waitForFunction(`globalThis.collocExplore.timings.length > ${before}`);
  return (await probe(page)).timings[before];
}

/** One round of every kind of interaction, on other workloads than the rounds before. */
async function round(page: Page, r: number, record: (name: string, t: Timing) => void): Promise<void> {
  const w = (k: number) => ROUNDS[r][k];
  record("open a lesson", await timed(page, () => page.click("#lesson-1")));
  for (let k = 0; k < 5; k++) {
    await page.selectOption("#add-workload", w(k));
    record(`add a job (${3 + k} jobs)`, await timed(page, () => page.click("#add-job")));
  }
  record("change a workload", await timed(page, () => page.selectOption("#job-0-workload", w(3))));
  record("time-slicing -> MPS (7 jobs)", await timed(page, () => page.check("#mode-mps")));
  record("MPS -> MPS with limits", await timed(page, () => page.check("#mode-mps-partitioned")));
  record(
    "set a percentage",
    await timed(page, async () => {
      await page.fill("#job-1-pct", String(20 + 5 * r));
      await page.press("#job-1-pct", "Enter");
    }),
  );
  record("-> MIG (default layout)", await timed(page, () => page.check("#mode-mig")));
  record("clear the MIG layout", await timed(page, () => page.click("#mig-clear")));
  record("place a MIG instance", await timed(page, () => page.click("#mig-place-0")));
  record("place a MIG instance", await timed(page, () => page.click("#mig-place-4")));
  record("MPS inside the instances", await timed(page, () => page.check("#inside-mps")));
  record("remove a MIG instance", await timed(page, () => page.click("#mig-remove-9-4")));
  record("remove a job", await timed(page, () => page.click("#job-0-remove")));
  record("another GPU (transferred)", await timed(page, () => page.selectOption("#gpu", "H100-SXM5-80GB")));
  record("back to the set's GPU", await timed(page, () => page.selectOption("#gpu", "H200-141GB")));
  record("-> time-slicing", await timed(page, () => page.check("#mode-naive")));
  record("open the heaviest lesson", await timed(page, () => page.click("#lesson-5")));
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const url = await buildSite();
const browser = await launch();
try {
  const loads: number[] = [];
  for (let k = 0; k < LOADS; k++) {
    const { page, errors } = await open(browser, url);
    const p = await probe(page);
    if (p.error || errors.length > 0) throw new Error(`the page failed: ${p.error ?? errors.join("; ")}`);
    loads.push(p.readyMs);
    await page.close();
  }
  const samples = new Map<string, Timing[]>();
  const { page } = await open(browser, url);
  for (let r = 0; r < ROUNDS.length; r++)
    await round(page, r, (name, t) => samples.set(name, [...(samples.get(name) ?? []), t]));
  await page.close();

  const rows = [...samples].map(([name, ts]) => {
    const frame = ts.map((t) => t.eventToFrameMs);
    const render = ts.map((t) => t.renderMs);
    return {
      name,
      n: ts.length,
      render: quantile(render, 0.5),
      median: quantile(frame, 0.5),
      max: Math.max(...frame),
    };
  });
  const all = [...samples.values()].flat().map((t) => t.eventToFrameMs);
  const result = {
    bench: "explore",
    load_ms: {
      median: quantile(loads, 0.5),
      max: Math.max(...loads),
      n: loads.length,
      target: LOAD_TARGET_MS,
    },
    interaction_ms: {
      median: quantile(all, 0.5),
      p95: quantile(all, 0.95),
      max: Math.max(...all),
      n: all.length,
      target: INTERACTION_TARGET_MS,
    },
    interactions: Object.fromEntries(
      rows.map((r) => [r.name, { n: r.n, render_ms: r.render, median_ms: r.median, max_ms: r.max }]),
    ),
  };
  process.stdout.write(
    formatTable(
      [
        "measure",
        "n",
        "compute+draw ms (median)",
        "event to frame ms (median)",
        "max ms",
        "target ms",
        "within",
      ],
      [
        [
          "page load (file://)",
          loads.length,
          "",
          result.load_ms.median,
          result.load_ms.max,
          LOAD_TARGET_MS,
          result.load_ms.max < LOAD_TARGET_MS ? "yes" : "no",
        ],
        ...rows.map((r) => [
          r.name,
          r.n,
          r.render,
          r.median,
          r.max,
          INTERACTION_TARGET_MS,
          r.max < INTERACTION_TARGET_MS ? "yes" : "no",
        ]),
      ],
    ),
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await browser.close();
}
