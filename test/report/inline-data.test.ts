import test from "ava";
import { inlineData } from "../../report/inline-data.ts";

const rows = { "jobs.arrow": [{ job: "j1" }], "gpus.json": [{ gpu: 0 }] } as const;
const load = (url: string) => [...rows[url as keyof typeof rows]];

test("every data.url, in layers too, is replaced by the rows it names", (t) => {
  const spec = {
    data: { url: "jobs.arrow", format: { type: "arrow" } },
    layer: [
      { mark: "bar" },
      { data: { url: "gpus.json", format: { type: "json", parse: { gpu: "number" } } } },
    ],
  };
  t.deepEqual(inlineData(spec, load), {
    data: { values: [{ job: "j1" }] },
    layer: [{ mark: "bar" }, { data: { format: { parse: { gpu: "number" } }, values: [{ gpu: 0 }] } }],
  });
});

test("inline data and specs without data are left as they are", (t) => {
  const spec = { data: { values: [{ a: 1 }] }, mark: "point" };
  t.deepEqual(inlineData(spec, load), spec);
});
