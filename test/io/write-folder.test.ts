import test from "ava";
import { spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { checkOutFolder, discardStaging, intoFolder, writeFolder } from "../../io/write-folder.ts";
import { InputError } from "../../sim/input-error.ts";
import { scratch } from "../calibration/ingest/temp-runs.ts";

test("writes every file into a new folder and leaves no temporary folder behind", (t) => {
  const parent = scratch();
  writeFolder(join(parent, "out"), new Map([["a.txt", "A"]]));
  t.deepEqual(readdirSync(parent), ["out"]);
  t.is(readFileSync(join(parent, "out", "a.txt"), "utf8"), "A");
});

test("replaces an earlier output as a whole", (t) => {
  const out = join(scratch(), "out");
  writeFolder(out, new Map([["a.txt", "old"]]));
  writeFolder(
    out,
    new Map([
      ["a.txt", "new"],
      ["b.txt", "new"],
    ]),
  );
  t.deepEqual(readdirSync(out), ["a.txt", "b.txt"]);
  t.is(readFileSync(join(out, "a.txt"), "utf8"), "new");
});

test("refuses a folder holding files it would not write, and touches nothing", (t) => {
  const out = join(scratch(), "home");
  mkdirSync(out);
  writeFileSync(join(out, "thesis.tex"), "precious");
  const error = t.throws(() => writeFolder(out, new Map([["a.txt", "A"]])), { instanceOf: InputError });
  t.regex(
    error?.message ?? "",
    /expected a new folder or an earlier output of the same command, got \["thesis.tex"\]/,
  );
  t.is(readFileSync(join(out, "thesis.tex"), "utf8"), "precious");
  t.false(existsSync(join(out, "a.txt")));
});

test("names the command may write let an earlier output with other files be replaced, and be checked up front", (t) => {
  const out = join(scratch(), "out");
  const mayHold = (name: string) => ["a.txt", "optional.txt"].includes(name);
  writeFolder(
    out,
    new Map([
      ["a.txt", "A"],
      ["optional.txt", "O"],
    ]),
    mayHold,
  );
  checkOutFolder(out, mayHold);
  writeFolder(out, new Map([["a.txt", "A2"]]), mayHold);
  t.deepEqual(readdirSync(out), ["a.txt"]);
  writeFileSync(join(out, "thesis.tex"), "precious");
  const error = t.throws(() => checkOutFolder(out, mayHold), { instanceOf: InputError });
  t.regex(
    error?.message ?? "",
    /out: expected a new folder or an earlier output of the same command, got \["thesis.tex"\]/,
  );
  checkOutFolder(join(out, "new"), mayHold);
  t.false(existsSync(join(out, "new")), "checking makes nothing");
});

test("an output path that cannot be a folder is bad input naming it, never raw errno text", (t) => {
  const parent = scratch();
  const file = join(parent, "blocker");
  writeFileSync(file, "a file in the way");
  const onFile = t.throws(() => writeFolder(file, new Map([["a.txt", "A"]])), { instanceOf: InputError });
  t.is(onFile?.message, `${file}: expected a folder (it is a file)`);
  const under = t.throws(() => writeFolder(join(file, "out"), new Map([["a.txt", "A"]])), {
    instanceOf: InputError,
  });
  t.regex(
    under?.message ?? "",
    /out: expected a folder colloc can create and write, got "a file is in the way \((EEXIST|ENOTDIR)\)"$/,
  );
  t.deepEqual(readdirSync(parent), ["blocker"]);
});

test("a temporary folder left by a killed process is removed at the next write; a live one's is kept", (t) => {
  const parent = scratch();
  const dead = spawnSync("true").pid!;
  mkdirSync(join(parent, `.out.tmp-${dead}`));
  mkdirSync(join(parent, `.out.tmp-${process.ppid}`)); // a live process (the test runner's parent)
  writeFolder(join(parent, "out"), new Map([["a.txt", "A"]]));
  t.deepEqual(readdirSync(parent).sort(), [`.out.tmp-${process.ppid}`, "out"]);
});

test("an interrupt removes the temporary folders still being filled", async (t) => {
  const parent = scratch();
  let during: string[] = [];
  const filling = intoFolder(
    join(parent, "out"),
    () => true,
    async () => {
      during = readdirSync(parent);
      t.deepEqual(discardStaging(), [join(parent, during[0])]); // what a SIGINT handler does (cli/interrupt.ts)
      throw new Error("interrupted");
    },
  );
  await t.throwsAsync(filling, { message: "interrupted" });
  t.deepEqual(during, [`.out.tmp-${process.pid}`]);
  t.deepEqual(readdirSync(parent), []);
});

test("a folder that cannot be made where asked (under /proc) is bad input naming it, not an internal error", (t) => {
  const error = t.throws(() => writeFolder("/proc/colloc-out", new Map([["a.txt", "x"]])), {
    instanceOf: InputError,
  });
  t.regex(
    error.message,
    /^\/proc\/colloc-out: expected a folder colloc can create and write, got ".*\(ENOENT\)"/,
  );
});

test("an empty path is refused, not read as the working folder (an --out given an unset variable)", (t) => {
  // mayHold refuses every name: were the guard gone, the working folder (the checkout) would still be refused.
  for (const dir of ["", "  "]) {
    const error = t.throws(() => writeFolder(dir, new Map([["a.txt", "A"]]), () => false), {
      instanceOf: InputError,
    });
    t.is(error?.message, `--out: expected a folder path, got ${JSON.stringify(dir)}`);
  }
  t.throws(() => checkOutFolder("", () => true), { instanceOf: InputError });
});

test("a link to a folder is written through: the folder it names gets the output and the link stays", (t) => {
  const parent = scratch();
  mkdirSync(join(parent, "scratch-space"));
  symlinkSync(join(parent, "scratch-space"), join(parent, "results"));
  writeFolder(join(parent, "results"), new Map([["a.txt", "A"]]));
  t.true(lstatSync(join(parent, "results")).isSymbolicLink());
  t.is(readFileSync(join(parent, "scratch-space", "a.txt"), "utf8"), "A");
  t.deepEqual(readdirSync(parent).sort(), ["results", "scratch-space"]);
});
