/** The sharing-mode vocabulary is declared once: the profiler's run schema and the scenario schema say the same. */
import { readFileSync } from "node:fs";
import test from "ava";
import { MODEL_MODES, SHARING_MODES } from "../../sim/hardware/index.ts";
import { Sharing } from "../../sim/cluster/scenario/schema.ts";

const manifest = JSON.parse(readFileSync("profiler/schemas/manifest.schema.json", "utf8")) as {
  properties: { mode: { enum: string[] }; sharing: { enum: string[] } };
};

test("the profiler's manifest schema lists the sharing modes, and replay for a run's mode", (t) => {
  t.deepEqual(manifest.properties.sharing.enum, [...SHARING_MODES]);
  t.deepEqual(manifest.properties.mode.enum, [...SHARING_MODES, "replay"]);
});

test("a scenario's GPU is set up in a model's mode or MIG", (t) => {
  t.deepEqual(
    Sharing.options.map((o) => o.shape.mode.value),
    [...MODEL_MODES, "mig"],
  );
});
