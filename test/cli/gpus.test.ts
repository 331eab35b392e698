import test from "ava";
import { gpuNames } from "../../sim/hardware/index.ts";
import { collocSync } from "./colloc.ts";

test("gpus prints one row per catalog GPU with its headline figures", (t) => {
  const run = collocSync("gpus");
  t.is(run.status, 0, run.stderr);
  const lines = run.stdout.trim().split("\n");
  t.is(lines.length, 2 + 11 + 1); // header, rule, eleven GPUs, the placement-only models
  t.is(lines.at(-1), "known for placement only (undisclosed models): G1, G2, G3");
  t.regex(run.stdout, /^V100-32GB\s+Volta\s+80\s+32\s+900\s.*\s-\s+no MIG$/m);
  // H200 row: 132 SMs (measured), 4800 GB/s and 700 W (datasheet), MIG 8 memory / 7 compute slices.
  t.regex(
    run.stdout,
    /^H200-141GB\s+Hopper\s+132\s+140\.40\s+4800\s+60\s+1980\s+67\s+494\.50\s+700\s+79\.40\s+8\/7\s+1g\.18gb/m,
  );
  t.regex(
    run.stdout,
    /^A30-24GB\s+Ampere\s+56\s.*\s4\/4\s+1g\.6gb 1g\.6gb\+me 2g\.12gb 2g\.12gb\+me 4g\.24gb$/m,
  );
});

test("gpus --json prints the whole catalog, MIG profiles and sources included", (t) => {
  const run = collocSync("gpus", "--json");
  t.is(run.status, 0, run.stderr);
  const catalog = JSON.parse(run.stdout) as {
    name: string;
    migProfiles: { name: string; source: string }[];
  }[];
  t.deepEqual(
    catalog.map((g) => g.name),
    gpuNames(),
  );
  t.true(catalog.every((g) => g.migProfiles.every((p) => p.source.length > 0)));
});
