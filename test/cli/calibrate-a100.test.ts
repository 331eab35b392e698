import test from "ava";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const SHIPPED = "calibration/data/a100";
const bin = resolve("bin/colloc.js");

test("calibrate-a100 run from anywhere reads the shipped MISO copy and writes a new folder, not the shipped set", (t) => {
  const cwd = mkdtempSync(join(tmpdir(), "colloc-a100-"));
  const before = readdirSync(SHIPPED).map((f) => readFileSync(join(SHIPPED, f)));
  const stdout = execFileSync(process.execPath, [bin, "calibrate-a100"], { cwd, encoding: "utf8" });
  // Every workload of the H200 set is transferred.
  const h200 = Object.keys(
    JSON.parse(readFileSync("calibration/data/h200/parameters.json", "utf8")).workloads,
  );
  t.true(
    stdout.endsWith(`wrote calibration-set-a100 (${h200.length} transferred workloads)\n`),
    stdout.slice(-80),
  );
  const out = join(cwd, "calibration-set-a100");
  t.deepEqual(readdirSync(out), readdirSync(SHIPPED));
  // The same set as shipped; only the recorded command line says where it came from.
  const written = JSON.parse(readFileSync(join(out, "parameters.json"), "utf8"));
  const shipped = JSON.parse(readFileSync(join(SHIPPED, "parameters.json"), "utf8"));
  t.is(
    written.provenance.command,
    `colloc calibrate-a100 --miso ${SHIPPED}/miso-a100-mig-iteration-times.csv --from h200 --out calibration-set-a100`,
  );
  t.deepEqual(
    { ...written, provenance: { ...written.provenance, command: "" } },
    {
      ...shipped,
      provenance: { ...shipped.provenance, command: "" },
    },
  );
  for (const f of readdirSync(SHIPPED).filter((f) => f !== "parameters.json"))
    t.true(readFileSync(join(out, f)).equals(readFileSync(join(SHIPPED, f))), f);
  t.deepEqual(
    readdirSync(SHIPPED).map((f) => readFileSync(join(SHIPPED, f))),
    before,
    "the shipped set is untouched",
  );
});
