import test from "ava";
import { collocSync } from "./colloc.ts";

test("mig layouts --json: one entry per maximal layout, the 19 of nvidia-sharing.md with the classic profiles", (t) => {
  const run = collocSync(
    "mig",
    "layouts",
    "--gpu",
    "a100-40gb",
    "--profiles",
    "1g.5gb,2g.10gb,3g.20gb,4g.20gb,7g.40gb",
    "--json",
  );
  t.is(run.status, 0, run.stderr);
  const layouts = JSON.parse(run.stdout) as {
    instances: { profile: string; start: number }[];
    computeSlices: number;
  }[];
  t.is(layouts.length, 19);
  t.deepEqual(
    layouts[0].instances.map((i) => `${i.profile}@${i.start}`),
    ["7g.40gb@0"],
  );
  t.true(layouts.every((l) => l.computeSlices <= 7));
});

test("mig layouts --all on the A30 lists its 25 placement sets in a table", (t) => {
  const run = collocSync("mig", "layouts", "--gpu", "A30", "--all");
  t.is(run.status, 0, run.stderr);
  t.regex(run.stdout, /^A30-24GB: 25 placement sets \(9 distinct profile mixes\)$/m);
  t.regex(run.stdout, /^ 1\s+4444\s+4\s+-\s+0\s+4g\.24gb@0$/m);
});

test("mig check accepts 4g+3g on the study's A100 and shows where each instance goes", (t) => {
  const run = collocSync("mig", "check", "--gpu", "A100-40GB", "4g.20gb", "3g.20gb@4");
  t.is(run.status, 0, run.stderr);
  t.regex(run.stdout, /4g\.20gb \+ 3g\.20gb@4 fits on A100-SXM4-40GB: 1 placement/);
  t.regex(run.stdout, /4444\|3333\s+7\s+-\s+0\s+4g\.20gb@0 \+ 3g\.20gb@4/);
});

test("mig check rejects the study's mix 4g + 2x 2g with the reason, exit 1", (t) => {
  const run = collocSync("mig", "check", "--gpu", "A100-40GB", "4g.20gb", "2g.10gb", "2g.10gb", "--json");
  t.is(run.status, 1);
  const result = JSON.parse(run.stdout);
  t.false(result.valid);
  t.is(result.problems[0].kind, "compute-slices");
  t.regex(result.problems[0].message, /needs 8 compute slices, A100-SXM4-40GB has 7/);
});

test("unknown GPU or profile names exit 2 with the list of valid names", (t) => {
  const gpu = collocSync("mig", "check", "--gpu", "B200", "1g.5gb");
  t.is(gpu.status, 2);
  t.regex(
    gpu.stderr,
    /--gpu: expected a GPU name, one of A100-SXM4-40GB, A100-80GB, H100-SXM5-80GB, H100-NVL-94GB, H200-141GB, A30-24GB, P100-16GB, V100-16GB, V100-32GB, T4-16GB, A10-24GB, got "B200"/,
  );
  const profile = collocSync("mig", "check", "--gpu", "h200", "3g.20gb");
  t.is(profile.status, 2);
  t.regex(
    profile.stderr,
    /^colloc: command line: PROFILE: expected a MIG profile of H200-141GB, one of 1g\.18gb \(id 19\), .*7g\.141gb \(id 0\), got "3g\.20gb"\n$/,
  );
  t.is(profile.stdout, "");
  // An empty --profiles is no list, not "no filter".
  const empty = collocSync("mig", "layouts", "--gpu", "h200", "--profiles", "");
  t.is(empty.status, 2);
  t.regex(empty.stderr, /--profiles: expected a MIG profile of H200-141GB, one of .*, got ""\n$/);
  // Digits past an id's length are quoted as typed, and a huge argument is cut, not echoed whole.
  const digits = collocSync("mig", "check", "--gpu", "h200", "9999999999999999999");
  t.regex(digits.stderr, /, got "9999999999999999999"\n$/);
  const huge = collocSync("mig", "check", "--gpu", "h200", "x".repeat(100_000));
  t.is(huge.status, 2);
  t.true(huge.stderr.length < 400, `${huge.stderr.length} characters`);
});

test("a GPU without MIG (the openb trace's T4) exits 2 naming the GPUs that have it", (t) => {
  const run = collocSync("mig", "layouts", "--gpu", "T4");
  t.is(run.status, 2);
  t.regex(run.stderr, /--gpu: expected a GPU with MIG, one of A100-SXM4-40GB, .*A30-24GB, got "T4"/);
  t.is(run.stdout, "");
});
