/** The static folder `colloc explore` serves or writes: the page, its style, its script and its data. */
import { readFileSync } from "node:fs";
import type { PageData } from "../model/page-data.ts";
import { bundlePage } from "./bundle.ts";
import { dataScript } from "./page-data.ts";

const asset = (name: string) => readFileSync(new URL(`../page/${name}`, import.meta.url), "utf8");

export async function siteFiles(data: PageData): Promise<Map<string, string>> {
  return new Map([
    ["index.html", asset("index.html")],
    ["style.css", asset("style.css")],
    ["explore.js", await bundlePage()],
    ["data.js", dataScript(data)],
  ]);
}
