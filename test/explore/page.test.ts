/**
 * The page in Chromium: add jobs, switch modes, draw a MIG layout, and check that what it shows is what the library
 * computes for the same setup (share(), combineInstances, sim/hardware's MIG rules), computed here in Node.
 */
import test from "ava";
import type { Browser, Page } from "playwright-core";
import { readRun } from "../../calibration/ingest/read-run.ts";
import type { ProcRecord } from "../../calibration/ingest/records.ts";
import { gib, pct, rate } from "../../explore/model/format.ts";
import { LESSONS, lessonText } from "../../explore/model/lessons.ts";
import { checkGeometry, migProfile, mpsClientSms, stranded } from "../../sim/hardware/index.ts";
import { combineInstances, share } from "../../sim/sharing/index.ts";
import type { CoRunner, SharingSetup, ShareResult } from "../../sim/sharing/types.ts";
import {
  SAME,
  contextOf,
  coRunner,
  H200,
  measuredByKey,
  R152,
  R26,
  R26_SMALL,
  R50,
  SET,
  VIEW,
} from "./fixture.ts";
import { act, buildSite, byJob, focused, launch, one, open, shown, text, type Shown } from "./page.ts";
import { near } from "../helpers/near.ts";

let url: string;
let browser: Browser;

test.before(async () => {
  [url, browser] = await Promise.all([buildSite(), launch()]);
});
test.after.always(async () => browser?.close());

const batch = (w: string) => SET.workloads[w].batch;
const alone = (w: string) =>
  share(VIEW, { mode: "exclusive" }, [coRunner(w)], SET.sharing).stepsPerSecond[0] * batch(w);

/** The page shows, job by job and for the GPU, what share() says of these co-runners. */
function expectShares(
  t: import("ava").ExecutionContext,
  figures: Shown[],
  runners: CoRunner[],
  r: ShareResult,
) {
  const images = byJob(figures, "images");
  t.is(images.length, runners.length);
  runners.forEach((c, i) => {
    const w = c.profile.id;
    const expected = r.stepsPerSecond[i] * batch(w);
    t.true(near(images[i].value, expected, SAME), `job ${i}: ${images[i].value} vs ${expected}`);
    t.is(images[i].text, r.oom[i] ? "OOM" : rate(expected));
    t.true(near(byJob(figures, "alone")[i].value, alone(w), SAME));
    t.true(near(byJob(figures, "relative")[i].value, expected / alone(w), SAME));
  });
  t.true(near(one(figures, "utilization").value, r.utilization, SAME));
  t.is(one(figures, "utilization").text, pct(r.utilization));
  t.true(near(one(figures, "sm-activity").value, r.smActivity, SAME));
  t.true(near(one(figures, "power").value, r.powerW, SAME));
  t.is(one(figures, "gpu-memory").value, r.memoryBytes);
  t.is(one(figures, "gpu-memory").text, gib(r.memoryBytes));
}

async function addJob(page: Page, workload: string) {
  await page.selectOption("#add-workload", workload);
  await act(page, () => page.click("#add-job"));
}

const sortedProcs = (run: string) =>
  (readRun(`calibration/data/h200-runs/${run}`).records.procs as ProcRecord[]).sort(
    (a, b) => a.proc - b.proc,
  );

test.serial(
  "opens at the first lesson, fetches nothing from the network, and shows share() beside the measured run",
  async (t) => {
    const { page, errors, requests } = await open(browser, url);
    t.regex(await text(page, "#lesson-title"), /^Lesson 1 of 6: Time-slicing pays a switching cost$/);
    t.deepEqual(errors, []);
    t.true(requests.length >= 4);
    t.true(
      requests.every((r) => r.startsWith("file:")),
      requests.join(" "),
    );
    const figures = await shown(page);
    const runners = [coRunner(R26), coRunner(R26)];
    expectShares(t, figures, runners, share(VIEW, { mode: "naive" }, runners, SET.sharing));
    const measured = byJob(figures, "measured").map((f) => f.value);
    t.deepEqual(
      measured,
      sortedProcs("naive__2x-resnet26-c10-b128").map((p) => p.throughput_img_s),
    );
    t.regex(await text(page, "#measured-note"), /naive__2x-resnet26-c10-b128/);
    await page.close();
  },
);

test.serial("adding jobs and switching modes updates every figure to what share() gives", async (t) => {
  const { page, errors } = await open(browser, url);
  await addJob(page, R50);
  const runners = [coRunner(R26), coRunner(R26), coRunner(R50)];
  expectShares(t, await shown(page), runners, share(VIEW, { mode: "naive" }, runners, SET.sharing));

  await act(page, () => page.check("#mode-mps"));
  expectShares(t, await shown(page), runners, share(VIEW, { mode: "mps" }, runners, SET.sharing));

  await act(page, () => page.check("#mode-mps-partitioned"));
  await act(page, async () => {
    await page.fill("#job-2-pct", "30");
    await page.press("#job-2-pct", "Enter");
  });
  const cap = mpsClientSms(H200.sms, 30, H200.mps.smGranularity);
  t.is(await text(page, "#job-2-sms"), `= ${cap} SMs`);
  const capped = [coRunner(R26), coRunner(R26), coRunner(R50, cap)];
  expectShares(t, await shown(page), capped, share(VIEW, { mode: "mps" }, capped, SET.sharing));

  await act(page, () => page.click("#job-0-remove"));
  const left = [coRunner(R26), coRunner(R50, cap)];
  expectShares(t, await shown(page), left, share(VIEW, { mode: "mps" }, left, SET.sharing));
  t.deepEqual(errors, []);
  await page.close();
});

const instanceOf = (name: string) => {
  const p = migProfile(H200, name);
  return {
    profile: p.name,
    sms: p.sms,
    memoryBytes: p.usableMemoryBytes,
    bandwidthShare: p.memorySlices / H200.memorySlices,
  };
};

test.serial(
  "drawing a MIG layout: sim/hardware's placement rules, stranded slices, share() per instance",
  async (t) => {
    const { page, errors } = await open(browser, url);
    await addJob(page, R26_SMALL);
    await act(page, () => page.check("#mode-mig"));
    await act(page, () => page.click("#mig-clear"));
    t.is(await text(page, "#job-0-instance"), "no instance with room");

    const [four, two, oneG] = ["4g.71gb", "2g.35gb", "1g.18gb"].map((n) => migProfile(H200, n));
    await act(page, () => page.selectOption("#mig-profile", String(four.id)));
    await act(page, () => page.click("#mig-place-0"));
    await act(page, () => page.selectOption("#mig-profile", String(two.id)));
    // 2g at 0 would overlap the 4g: the button is off, and says why in sim/hardware's words.
    t.true(await page.isDisabled("#mig-place-0"));
    const check = checkGeometry(H200, [
      { profile: four.id, start: 0 },
      { profile: two.id, start: 0 },
    ]);
    t.is(
      await page.getAttribute("#mig-place-0", "title"),
      check.valid ? null : check.problems.map((p) => p.message).join("; "),
    );
    await act(page, () => page.click("#mig-place-4"));
    await act(page, () => page.selectOption("#mig-profile", String(oneG.id)));
    await act(page, () => page.click("#mig-place-6"));

    const layout = [
      { profileId: four.id, start: 0 },
      { profileId: two.id, start: 4 },
      { profileId: oneG.id, start: 6 },
    ];
    const expected = stranded(H200, layout);
    let figures = await shown(page);
    t.is(one(figures, "stranded-memory").text, `memory slice ${expected.memorySlices.join(", ")}`);
    t.is(one(figures, "stranded-compute").value, expected.computeSlices);
    t.is(one(figures, "sms-in-no-instance").value, H200.sms - four.sms - two.sms - oneG.sms);
    t.is(await page.getAttribute('[data-slice="7"]', "class"), "mig-free stranded");

    const setups: SharingSetup[] = ["4g.71gb", "2g.35gb", "1g.18gb"].map((n) => ({
      mode: "mig",
      instance: instanceOf(n),
      inside: "exclusive",
    }));
    const workloads = [R26, R26, R26_SMALL];
    const results = setups.map((s, i) => share(VIEW, s, [coRunner(workloads[i])], SET.sharing));
    const gpuLevel = combineInstances(results, SET.sharing);
    byJob(figures, "images").forEach((f, i) =>
      t.true(near(f.value, results[i].stepsPerSecond[0] * batch(workloads[i]), SAME), `job ${i}`),
    );
    t.true(near(one(figures, "utilization").value, gpuLevel.utilization, SAME));
    t.true(near(one(figures, "power").value, gpuLevel.powerW, SAME));

    // MPS inside: a fourth job joins the instance with the fewest jobs (the 4g, lowest start).
    await act(page, () => page.check("#inside-mps"));
    await addJob(page, R50);
    figures = await shown(page);
    const inFour = share(
      VIEW,
      { ...setups[0], inside: "mps" } as SharingSetup,
      [coRunner(R26), coRunner(R50)],
      SET.sharing,
    );
    t.true(near(byJob(figures, "images")[0].value, inFour.stepsPerSecond[0] * batch(R26), SAME));
    t.true(near(byJob(figures, "images")[3].value, inFour.stepsPerSecond[1] * batch(R50), SAME));
    t.deepEqual(errors, []);
    await page.close();
  },
);

test.serial("out of memory is marked in the table and the memory stack, as share() says", async (t) => {
  const { page } = await open(browser, url);
  await act(page, () => page.click("#lesson-5"));
  const runners = Array.from({ length: 7 }, () => coRunner(R152));
  const r = share(VIEW, { mode: "mps" }, runners, SET.sharing);
  const figures = await shown(page);
  expectShares(t, figures, runners, r);
  t.is(byJob(figures, "oom").length, r.oom.filter(Boolean).length);
  t.true(r.oom.some(Boolean));
  const held = byJob(figures, "memory").reduce((s, f) => s + f.value, 0);
  t.is(held, r.memoryBytes);
  await page.close();
});

test.serial(
  "keyboard: Tab reaches every control, Enter, Space and arrows work, focus stays put",
  async (t) => {
    const { page } = await open(browser, url);
    const reached = new Set<string>();
    for (let k = 0; k < 80; k++) {
      await page.keyboard.press("Tab");
      reached.add(await focused(page));
    }
    for (const id of [
      "lesson-1",
      "lesson-6",
      "lesson-next",
      "gpu",
      "mode-naive",
      "job-0-workload",
      "job-1-remove",
      "add-workload",
      "add-job",
      "measured-setup",
    ])
      t.true(reached.has(id), id);

    await page.focus("#add-job");
    await act(page, () => page.keyboard.press("Enter"));
    t.is(await page.locator("#throughput-table tbody tr").count(), 3);
    t.is(await focused(page), "add-job");

    await page.focus("#mode-naive");
    await act(page, () => page.keyboard.press("ArrowDown"));
    t.true(await page.isChecked("#mode-mps"));
    t.is(await focused(page), "mode-mps");

    await page.focus("#lesson-2");
    await act(page, () => page.keyboard.press("Space"));
    t.regex(await text(page, "#lesson-title"), /^Lesson 2 of 6/);
    await page.close();
  },
);

test.serial(
  "readable on a phone and at 1280 px: nothing wider than the window, no text under 12 px",
  async (t) => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const { page } = await open(browser, url, viewport);
      for (let i = 1; i <= LESSONS.length; i++) {
        await act(page, () => page.click(`#lesson-${i}`));
        const [scroll, inner, smallest] = await page.$$eval("body *", (elements) => {
          const win = elements[0].ownerDocument.defaultView!;
          const sizes = elements
            .filter((e) =>
              Array.from(e.childNodes).some((n) => n.nodeType === 3 && (n.textContent ?? "").trim() !== ""),
            )
            .filter((e) => !e.closest(".visually-hidden") && e.getClientRects().length > 0)
            .map((e) => {
              const size = parseFloat(win.getComputedStyle(e).fontSize);
              const svg = e.closest("svg");
              return svg ? (size * svg.getBoundingClientRect().width) / svg.viewBox.baseVal.width : size;
            });
          return [win.document.documentElement.scrollWidth, win.innerWidth, Math.min(...sizes)] as number[];
        });
        t.true(scroll <= inner, `${viewport.width} px, lesson ${i}: ${scroll} px wide`);
        t.true(smallest >= 11.9, `${viewport.width} px, lesson ${i}: text of ${smallest} px`);
      }
      await page.close();
    }
  },
);

test.serial(
  "every lesson loads its preset and its sentences, with the dataset's measurements where it has them",
  async (t) => {
    const measured = measuredByKey();
    const context = contextOf(H200.name);
    const { page } = await open(browser, url);
    for (const [i, lesson] of LESSONS.entries()) {
      await act(page, () => page.click(`#lesson-${i + 1}`));
      const { state, text } = lessonText(lesson, H200.name, context, (k) => measured.get(k));
      t.deepEqual(await page.$$eval(".lesson > p:not(.changed)", (ps) => ps.map((p) => p.textContent)), text);
      t.is(await page.locator("#throughput-table tbody tr").count(), state.jobs.length);
    }
    await page.close();
  },
);

test.serial(
  "another GPU of the catalog: transferred profiles, said so, nothing measured, no timeline",
  async (t) => {
    const { page } = await open(browser, url);
    await act(page, () => page.selectOption("#gpu", "A100-80GB"));
    t.regex(await text(page, "#transfer-note"), /transferred/);
    t.is(byJob(await shown(page), "measured").length, 0);
    t.regex(await text(page, "#timeline"), /No timeline on this GPU/);
    await page.close();
  },
);
