/// <reference lib="dom" />
/**
 * Open an HTML page in the system Chromium and report what every chart in it looks like to a reader: report
 * figures (`figure.chart`, inline SVG) and notebook outputs (`.jp-RenderedSVG`, SVG as image data).
 */
import { chromium, type ElementHandle, type Page } from "playwright-core";

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
const CHARTS = "figure.chart, .jp-RenderedSVG";

export interface ChartSeen {
  /** The figure's `data-chart`, else the chart's title as drawn. */
  name: string;
  width: number;
  height: number;
  /** Data marks in the SVG (children of vega's role-mark groups; axes and legends not counted). */
  marks: number;
  /**
   * Pixels of the chart as shown on screen that are in colour (vega draws data marks in its category colours,
   * axes, grid and text in greys): 0 for a chart that drew its text but none of its marks.
   */
  colouredPixels: number;
}

export interface PageSeen {
  charts: ChartSeen[];
  /** Console errors and page errors, including blocked requests. */
  errors: string[];
  /** Requests the page made beyond loading itself (its own data: URLs aside). */
  requests: string[];
}

/** Coloured pixels of a PNG, counted on a canvas in a blank page (the report's own page forbids images). */
function colouredPixels(blank: Page, png: Buffer): Promise<number> {
  return blank.evaluate(async (b64: string) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) count++;
    }
    return count;
  }, png.toString("base64"));
}

async function seeChart(blank: Page, element: ElementHandle<Element>): Promise<ChartSeen> {
  // The SVG behind the chart, inline or an img's data URL, as the DOM sees it: title and data marks.
  const seen = await element.evaluate((e) => {
    const img = e.querySelector("img");
    let svg: Element | null = e.querySelector("svg");
    if (!svg && img?.src.startsWith("data:image/svg+xml;base64,")) {
      const bytes = Uint8Array.from(atob(img.src.split(",")[1]), (c) => c.charCodeAt(0));
      svg = new DOMParser().parseFromString(new TextDecoder().decode(bytes), "image/svg+xml").documentElement;
    }
    const box = (img ?? svg ?? e).getBoundingClientRect();
    return {
      name: e.getAttribute("data-chart") ?? svg?.querySelector(".role-title-text")?.textContent ?? "",
      width: box.width,
      height: box.height,
      marks: svg?.querySelectorAll(".role-mark > path, .role-mark > line, .role-mark > text").length ?? 0,
    };
  });
  const png = seen.width > 0 && seen.height > 0 ? await element.screenshot() : undefined;
  return { ...seen, colouredPixels: png ? await colouredPixels(blank, png) : 0 };
}

export async function openInBrowser(url: string): Promise<PageSeen> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    const requests: string[] = [];
    page.on("console", (m) => (m.type() === "error" ? errors.push(m.text()) : undefined));
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("request", (r) =>
      r.url() === url || r.url().startsWith("data:") ? undefined : requests.push(r.url()),
    );
    await page.goto(url, { waitUntil: "load" });
    const blank = await browser.newPage();
    const charts: ChartSeen[] = [];
    for (const element of await page.$$(CHARTS)) charts.push(await seeChart(blank, element));
    return { charts, errors, requests };
  } finally {
    await browser.close();
  }
}
