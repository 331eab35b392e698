import test from "ava";
import { readFileSync } from "node:fs";
import { buildA100Set, MISO_FILE } from "../../../calibration/a100/build.ts";
import { loadCalibrationSet } from "../../../calibration/set.ts";

const shipped = loadCalibrationSet("a100");
const h200 = loadCalibrationSet("h200");

test("the shipped A100 set is what calibrate-a100 builds from MISO and the shipped H200 set", (t) => {
  const csv = readFileSync(`calibration/data/a100/${MISO_FILE}`, "utf8");
  const { set } = buildA100Set(
    csv,
    "../shared/reference/miso-a100-mig-iteration-times.csv",
    h200,
    shipped.provenance.command,
  );
  t.deepEqual(set, shipped);
});

test("every workload of the A100 set is transferred and says so", (t) => {
  t.is(shipped.gpu.name, "A100-SXM4-40GB");
  for (const [id, profile] of Object.entries(shipped.workloads)) {
    t.true(profile.transferred, id);
    t.true(
      shipped.transfers.some((x) => x.path === `workloads.${id}` && x.from === h200.gpu.name),
      id,
    );
  }
});

test("the A100 set carries the slice model fitted on MISO and both held-out validations", (t) => {
  const slices = shipped.migSlices!;
  t.true(slices.groups.length >= 20);
  t.true(slices.memoryShare > 0 && slices.memoryShare < 1);
  const heldOut = (v: string) => [
    ...new Set(slices.heldOut.filter((s) => s.validation === v).map((s) => s.heldOut)),
  ];
  t.deepEqual(heldOut("profile"), ["1g.5gb", "3g.20gb", "7g.40gb"]);
  t.deepEqual(heldOut("model"), [...new Set(slices.groups.map((g) => g.model))].sort());
  for (const s of slices.heldOut.filter((x) => x.groups === "steady"))
    t.is(shipped.fitErrors[`migSlices.held-out.${s.validation}.${s.heldOut}`].value, s.mapePct);
});
