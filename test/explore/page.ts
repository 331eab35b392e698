/** The page in real Chromium for the tests and the benchmark: build the static folder, open it, read its figures. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { ARGS, CHROMIUM } from "../report/browser.ts";
import { colloc } from "../cli/colloc.ts";

export { ARGS, CHROMIUM };

/** `colloc explore --out` into a fresh folder; the URL of its index.html. */
export async function buildSite(...args: string[]): Promise<string> {
  const dir = join(mkdtempSync(join(tmpdir(), "colloc-explore-")), "site");
  const run = await colloc("explore", "--out", dir, ...args);
  if (run.code !== 0) throw new Error(`colloc explore failed: ${run.stderr}`);
  return pathToFileURL(join(dir, "index.html")).href;
}

export const launch = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: ARGS });

export interface Opened {
  page: Page;
  /** Console and page errors. */
  errors: string[];
  /** Every URL the page asked for. */
  requests: string[];
}

export async function open(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 900 },
): Promise<Opened> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on("console", (m) => (m.type() === "error" ? errors.push(m.text()) : undefined));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(url);
  await page.waitForFunction(() => {
    const p = (globalThis as { collocExplore?: { readyMs: number | null; error: string | null } })
      .collocExplore;
    return p !== undefined && (p.readyMs !== null || p.error !== null);
  });
  return { page, errors, requests };
}

/** Run an interaction and wait until the page has redrawn after it. */
export async function act(page: Page, interaction: () => Promise<unknown>): Promise<void> {
  const before = Number(await page.getAttribute("body", "data-renders"));
  await interaction();
  await page.waitForFunction(`Number(document.body.dataset.renders) > ${before}`);
}

/** The id of the element with keyboard focus. */
export const focused = (page: Page) => page.evaluate(`document.activeElement?.id ?? ""`) as Promise<string>;

export const text = async (page: Page, selector: string) => (await page.textContent(selector)) ?? "";

export interface Shown {
  field: string;
  job: number | null;
  value: number;
  text: string;
}

/** Every figure the page shows with its exact value (data-value) and its text. */
export function shown(page: Page): Promise<Shown[]> {
  return page.$$eval("[data-field]", (els) =>
    els.map((e) => ({
      field: e.getAttribute("data-field")!,
      job: e.hasAttribute("data-job") ? Number(e.getAttribute("data-job")) : null,
      value: Number(e.getAttribute("data-value")),
      text: (e.textContent ?? "").trim(),
    })),
  );
}

/** The figures of one field, by job (or the one figure of a GPU-level field). */
export const byJob = (figures: Shown[], field: string) => figures.filter((f) => f.field === field);
export const one = (figures: Shown[], field: string) => {
  const found = figures.filter((f) => f.field === field);
  if (found.length !== 1) throw new Error(`${found.length} figures "${field}" shown`);
  return found[0];
};
