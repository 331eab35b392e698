/** Open an HTML page in the system Chromium and report what every chart in it looks like to a reader. */
import { chromium } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface ChartSeen {
  name: string;
  width: number;
  height: number;
  /** Data marks drawn (children of vega's role-mark groups; axes and legends not counted). */
  marks: number;
}

export interface PageSeen {
  charts: ChartSeen[];
  /** Console errors and page errors, including blocked requests. */
  errors: string[];
  /** Requests the page made beyond loading itself. */
  requests: string[];
}

export async function openInBrowser(url: string): Promise<PageSeen> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on("console", (m) => (m.type() === "error" ? errors.push(m.text()) : undefined));
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("request", (r) => (r.url() === url ? undefined : requests.push(r.url())));
    await page.goto(url, { waitUntil: "load" });
    const charts = await page.$$eval("figure.chart", (figures) =>
      figures.map((f) => {
        const svg = f.querySelector("svg");
        const box = svg?.getBoundingClientRect();
        return {
          name: f.getAttribute("data-chart") ?? "",
          width: box?.width ?? 0,
          height: box?.height ?? 0,
          marks: svg
            ? svg.querySelectorAll(".role-mark > path, .role-mark > line, .role-mark > text").length
            : 0,
        };
      }),
    );
    return { charts, errors, requests };
  } finally {
    await browser.close();
  }
}
