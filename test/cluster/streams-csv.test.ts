import test from "ava";
import { readGenericCsv } from "../../sim/cluster/streams/generic-csv.ts";

const CSV = `id,arrival_s,workload,iterations,epochs,duration_s,gpus,gpu_share
a,0,resnet26-c10-b128,500,,,,
b,10,resnet50-i64-b128,,0.5,,2,
,20,resnet26-c10-b128,,,3600,,0.25
`;

test("the generic CSV gives one job per row with its work in the column it names", (t) => {
  const jobs = readGenericCsv(CSV, "jobs.csv", 1);
  t.deepEqual(
    jobs.map((j) => [j.id, j.arrivalS, j.workload, j.work, j.gpus, j.gpuShare]),
    [
      ["a", 0, "resnet26-c10-b128", { iterations: 500 }, 1, undefined],
      ["b", 10, "resnet50-i64-b128", { epochs: 0.5 }, 2, undefined],
      ["line-4", 20, "resnet26-c10-b128", { durationS: 3600 }, 1, 0.25],
    ],
  );
  t.deepEqual(jobs[1].origin.gpus, { file: "jobs.csv", field: "line 3, column gpus" });
});

test("a generic CSV row with bad or missing work is refused with its line", (t) => {
  const bad = (rows: string) =>
    t.throws(() => readGenericCsv(`arrival_s,workload,iterations,epochs\n${rows}`, "j.csv", 1))!.message;
  t.is(bad("0,w,,\n"), "j.csv: line 2: expected exactly one of iterations, epochs, duration_s");
  t.is(bad("0,w,5,\nx,w,5,\n"), 'j.csv: line 3, column arrival_s: expected a number, got "x"');
  t.is(bad("-1,w,5,\n"), 'j.csv: line 2, column arrival_s: expected a number >= 0, got "-1"');
  // Whole training steps, as a scenario's job list asks: a fraction would be rounded up unseen.
  t.is(
    bad("0,w,5,\n0,w,2.5,\n"),
    'j.csv: line 3, column iterations: expected a whole number of training steps, got "2.5"',
  );
  t.is(
    bad("0,w,1e-300,\n"),
    'j.csv: line 2, column iterations: expected a whole number of training steps, got "1e-300"',
  );
  t.is(bad("0,w,5,,6,7\n"), "j.csv: line 2: expected 4 cells, one per header column, got 6");
  t.is(bad("0,w,5,\n0,w\n"), "j.csv: line 3: expected 4 cells, one per header column, got 2");
  t.is(
    bad('0,w,5,\n"0,w,5,\n1,w,5,\n'),
    "j.csv: line 3: expected a quoted field closed on its own line (a lone quote opens one)",
  );
  t.is(
    readGenericCsv('arrival_s,workload,iterations\n"0","w, quoted",5\n', "j.csv", 1)[0].workload,
    "w, quoted",
  );
  t.is(
    t.throws(() => readGenericCsv("arrival_s,arrival_s,workload,iterations\n0,5,w,1\n", "j.csv", 1))!.message,
    'j.csv: line 1: expected a header naming each column once, got "arrival_s"',
  );
  t.regex(
    t.throws(() => readGenericCsv("workload\nw\n", "j.csv", 1))!.message,
    /^j\.csv: line 1: expected a header with column\(s\) arrival_s, workload, got "workload"$/,
  );
});
