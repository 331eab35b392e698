import test from "ava";
import { readFileSync } from "node:fs";
import { parseMiso, sliceGroups } from "../../../calibration/a100/miso.ts";
import {
  fitSliceCurves,
  leaveOneProfileOut,
  summarizeHeldOut,
} from "../../../calibration/a100/slice-speeds.ts";
import { InputError } from "../../../sim/core/errors.ts";

const file = "calibration/data/a100/miso-a100-mig-iteration-times.csv";
const groups = sliceGroups(parseMiso(readFileSync(file, "utf8"), file), file);

test("MISO rows group per model and batch, with the instances' SMs from the catalog", (t) => {
  const resnet = groups.find((g) => g.model === "resnet" && g.batch === 128)!;
  t.deepEqual(
    resnet.points.map((p) => [p.profile, p.sms, p.bandwidthShare]),
    [
      ["1g.5gb", 14, 1 / 8],
      ["3g.20gb", 42, 4 / 8],
      ["7g.40gb", 98, 1],
    ],
  );
});

test("every group with three profiles gets a curve through its points", (t) => {
  const fits = fitSliceCurves(groups, 98);
  t.true(fits.length >= 20);
  // Three points, three parameters: the measured slice speeds are reproduced closely.
  for (const f of fits.filter((x) => x.steady)) t.true(f.rmsePct < 1, `${f.model}/${f.batch}`);
});

test("leave-one-profile-out predicts each held-out profile from the other two", (t) => {
  const summary = summarizeHeldOut(leaveOneProfileOut(groups, 98, 1));
  t.deepEqual([...new Set(summary.map((s) => s.profile))], ["1g.5gb", "3g.20gb", "7g.40gb"]);
  for (const s of summary) t.true(s.count > 0 && Number.isFinite(s.mapePct));
});

test("a malformed MISO row is reported with its line", (t) => {
  const text =
    "gpu,mig_profile,model,batch,epochs,iterations,median_iter_s,mean_iter_s,p10_iter_s,p90_iter_s\nA100,1g.5gb,x,-3,1,1,1,1,1,1\n";
  const error = t.throws(() => parseMiso(text, "m.csv"), { instanceOf: InputError });
  t.regex(error.message, /m\.csv: line 2: batch/);
});
