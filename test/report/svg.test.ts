import test from "ava";
import { renderSvg, type TopLevelSpec } from "../../report/svg.ts";

const clippedLine: TopLevelSpec = {
  data: {
    values: [
      { x: 0, y: 1 },
      { x: 1, y: 3 },
    ],
  },
  mark: { type: "line", clip: true },
  encoding: { x: { field: "x", type: "quantitative" }, y: { field: "y", type: "quantitative" } },
};

test("a vega-lite spec becomes an SVG document with its data marks", async (t) => {
  const svg = await renderSvg({
    data: {
      values: [
        { k: "a", v: 1 },
        { k: "b", v: 2 },
        { k: "c", v: 3 },
      ],
    },
    mark: "bar",
    encoding: { x: { field: "k", type: "nominal" }, y: { field: "v", type: "quantitative" } },
  });
  t.true(svg.startsWith("<svg"));
  t.regex(svg, /width="\d+" height="\d+"/);
  t.regex(svg, /class="mark-rect role-mark/);
});

test("rendering twice gives the same bytes, although vega counts clip ids across the process", async (t) => {
  const first = await renderSvg(clippedLine);
  t.is(await renderSvg(clippedLine), first);
});

test("clip ids carry the prefix and every reference follows its id", async (t) => {
  const svg = await renderSvg(clippedLine, "fig7");
  const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  const refs = [...svg.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]);
  t.true(ids.length > 0);
  t.true(ids.every((id) => id.startsWith("fig7-")));
  t.true(refs.every((r) => ids.includes(r)));
});
