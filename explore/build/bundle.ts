/**
 * The page's script: explore/page/main.ts and everything it imports (sim/hardware, sim/sharing, sim/replay,
 * apache-arrow) bundled by esbuild for the browser. A module that reaches for a Node built-in (fs, path) fails the
 * build here rather than in the page.
 */
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("../page/main.ts", import.meta.url));

export async function bundlePage(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "eof",
    charset: "utf8",
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}
