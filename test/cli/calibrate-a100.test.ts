import test from "ava";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
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

test("a MISO file too short to fit the slice model exits 2 naming it and what it lacks, writing nothing", (t) => {
  const cwd = mkdtempSync(join(tmpdir(), "colloc-a100-"));
  const lines = readFileSync(join(SHIPPED, "miso-a100-mig-iteration-times.csv"), "utf8").split("\n");
  writeFileSync(join(cwd, "short.csv"), `${lines.slice(0, 4).join("\n")}\n`);
  const run = spawnSync(process.execPath, [bin, "calibrate-a100", "--miso", "short.csv"], {
    cwd,
    encoding: "utf8",
  });
  t.is(run.status, 2);
  t.regex(
    run.stderr,
    /^colloc: short\.csv: expected rows of two or more models, each model and batch on three or more MIG profiles/,
  );
  t.deepEqual(readdirSync(cwd), ["short.csv"]);
});
