/**
 * Mutations of the shipped scenarios: the cases of issue 15 (each a bad input that must be refused) and
 * random ones (any value anywhere, a field dropped, the text cut or flipped) that must never crash.
 */
import { readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { isMap, isSeq, parseDocument, type Document } from "yaml";
import { CHECK_S, put, RUN_S, type CaseSpec, type Expect, type Kind, type Workspace } from "./case.ts";
import { HOSTILE, junkBytes, setIn, setKey, type Dice } from "./values.ts";

/** Scenario groups, picked by weight first so the 400 study scenarios do not crowd out the others. */
const GROUPS = { examples: 4, replays: 2, streams: 1, calibration: 1, whatif: 1, study: 1 };

function pickBase(w: Workspace): string {
  const group = w.dice.weighted(GROUPS);
  const files = w.corpus.scenarios.filter((f) => f.includes(`/scenarios/${group}/`));
  return w.dice.pick(files);
}

interface Base {
  file: string;
  doc: Document;
}

/** A shipped scenario as a document, its file paths made absolute (the copy lives in the case folder). */
function base(w: Workspace, file = pickBase(w)): Base {
  const doc = parseDocument(readFileSync(file, "utf8"));
  for (const path of [
    ["jobs", "trace", "path"],
    ["hardware", "nodes", "path"],
  ]) {
    const value = doc.getIn(path);
    if (typeof value === "string") setIn(doc, path, resolve(dirname(file), value));
  }
  return { file, doc };
}

/** Every path to a scalar of a plain value (what doc.toJS() gives). */
function leafPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value))
      leafPaths(v, [...path, Array.isArray(value) ? Number(k) : k], out);
  } else out.push(path);
  return out;
}

/** Every path to a map entry (something that can be deleted). */
function keyPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      const at = [...path, Array.isArray(value) ? Number(k) : k];
      out.push(at);
      keyPaths(v, at, out);
    }
  return out;
}

/** `scenario check` mostly; `colloc run` (into the case's out/) for some cases. */
function command(w: Workspace, file: string, expect: Expect, runShare = 0.3, json = false): CaseSpec {
  if (w.dice.chance(runShare)) {
    const out = join(w.dir, "out");
    return { expect, argv: ["run", file, "--out", out], out, timeoutS: RUN_S };
  }
  return { expect, argv: ["scenario", "check", file, ...(json ? ["--json"] : [])], timeoutS: CHECK_S };
}

function emit(w: Workspace, b: Base, expect: Expect, runShare = 0.3): CaseSpec {
  return command(w, put(w, basename(b.file), b.doc.toString()), expect, runShare);
}

const jobsKind = (doc: Document): "list" | "generate" | "trace" =>
  doc.hasIn(["jobs", "list"]) ? "list" : doc.hasIn(["jobs", "generate"]) ? "generate" : "trace";

/** The path of the first generator (`jobs.generate` or `jobs.generate[0]`). */
const generatorPath = (doc: Document): (string | number)[] =>
  isSeq(doc.getIn(["jobs", "generate"])) ? ["jobs", "generate", 0] : ["jobs", "generate"];

/** A workload the base's jobs use (for jobs this mutation writes). */
function someWorkload(doc: Document): string {
  const jobs = doc.toJS().jobs ?? {};
  const list = jobs.list?.[0]?.workload;
  const gen = [jobs.generate].flat()[0]?.mix;
  return list ?? (gen ? Object.keys(gen)[0] : "resnet26-c10-b128");
}

/** Replace the base's jobs by one generator of the base's workload with `gen` fields. */
function asGenerator(doc: Document, gen: Record<string, unknown>): void {
  setIn(doc, ["jobs"], {
    generate: {
      count: 5,
      arrivals: { poisson: { rate_per_hour: 60 } },
      mix: { [someWorkload(doc)]: 1 },
      work: { iterations: 100 },
      ...gen,
    },
  });
}

/** The base's first GPU group's sharing (or the node list's). */
const sharingPath = (doc: Document) =>
  isSeq(doc.getIn(["hardware", "gpus"])) &&
  (doc.getIn(["hardware", "gpus"]) as { items: unknown[] }).items.length > 0
    ? ["hardware", "gpus", 0, "sharing"]
    : ["hardware", "nodes", "sharing"];

function setSharingMode(doc: Document, mode: string): void {
  const path = sharingPath(doc);
  if (isMap(doc.getIn(path))) setIn(doc, [...path, "mode"], mode);
  else setIn(doc, path, { mode });
}

function hugeArrival(w: Workspace): CaseSpec {
  const b = base(w);
  const big = w.dice.pick([1e20, 1e300, 1e8 + 1, 3.2e8]);
  const kind = jobsKind(b.doc);
  if (kind === "list") setIn(b.doc, ["jobs", "list", 0, "arrival_s"], big);
  else if (kind === "generate") setIn(b.doc, [...generatorPath(b.doc), "start_s"], big);
  else setIn(b.doc, ["jobs", "trace", "time_scale"], 1e300);
  return emit(w, b, "reject");
}

function tinyRate(w: Workspace): CaseSpec {
  const b = base(w);
  const rate = w.dice.pick([1e-300, 1e-13, 1e-10]);
  const arrivals = w.dice.chance(0.5)
    ? { poisson: { rate_per_hour: rate } }
    : { bursty: { bursts_per_hour: rate, burst_size: 3 } };
  if (jobsKind(b.doc) === "generate") setIn(b.doc, [...generatorPath(b.doc), "arrivals"], arrivals);
  else asGenerator(b.doc, { arrivals });
  return emit(w, b, "reject");
}

function hugeWork(w: Workspace): CaseSpec {
  const b = base(w);
  const work = w.dice.pick<unknown>([
    { iterations: 1e300 },
    { epochs: 1e300 },
    { iterations: { uniform: { min: 1e299, max: 1e300 } } },
    { iterations: { lognormal: { mu: 1000, sigma: 1 } } },
    { epochs: { exponential: { mean: 1e308 } } },
  ]);
  if (jobsKind(b.doc) === "list" && w.dice.chance(0.5)) {
    b.doc.deleteIn(["jobs", "list", 0, "epochs"]);
    setIn(b.doc, ["jobs", "list", 0, "iterations"], w.dice.pick([1e300, 1e15]));
  } else if (jobsKind(b.doc) === "generate") setIn(b.doc, [...generatorPath(b.doc), "work"], work);
  else asGenerator(b.doc, { work });
  return emit(w, b, "reject");
}

function hugeCount(w: Workspace): CaseSpec {
  const b = base(w);
  const count = w.dice.pick([1e9, 2_000_000, 1e15]);
  if (jobsKind(b.doc) === "generate") setIn(b.doc, [...generatorPath(b.doc), "count"], count);
  else asGenerator(b.doc, { count });
  return emit(w, b, "reject");
}

function hugeGpus(w: Workspace): CaseSpec {
  const b = base(w);
  const count = w.dice.pick([1e6, 200_000, 1e9]);
  if (isSeq(b.doc.getIn(["hardware", "gpus"])) && b.doc.hasIn(["hardware", "gpus", 0]))
    setIn(b.doc, ["hardware", "gpus", 0, "count"], count);
  else setIn(b.doc, ["hardware", "gpus"], [{ gpu: "H200-141GB", count }]);
  return emit(w, b, "reject");
}

/** A name that is a path or drives the terminal; `run` without --out writes results/<name>/. */
function namePath(w: Workspace): CaseSpec {
  const b = base(w);
  setKey(
    b.doc,
    "name",
    w.dice.pick([
      "../../../../colloc-fuzz-escape",
      "/tmp/colloc-fuzz-escape",
      "a/b",
      "..",
      ".",
      "\u001b[31mred",
      "a\nb",
      " x",
      "x".repeat(300),
    ]),
  );
  const file = put(w, basename(b.file), b.doc.toString());
  if (w.dice.chance(0.5))
    return { expect: "reject", argv: ["run", file], out: join(w.dir, "results"), timeoutS: RUN_S };
  return command(w, file, "reject", 0);
}

function uniformInverted(w: Workspace): CaseSpec {
  const b = base(w);
  const work = { iterations: { uniform: { min: 100, max: 10 } } };
  if (jobsKind(b.doc) === "generate") setIn(b.doc, [...generatorPath(b.doc), "work"], work);
  else asGenerator(b.doc, { work });
  return emit(w, b, "reject");
}

function unknownMode(w: Workspace): CaseSpec {
  const b = base(w);
  setSharingMode(b.doc, w.dice.pick(["MPS", "time-slicing", "Naive", "mig ", "", "mps-partitioned"]));
  return emit(w, b, "reject");
}

function unknownField(w: Workspace): CaseSpec {
  const b = base(w);
  const at = w.dice.pick<(string | number)[]>([
    [],
    ["hardware"],
    ["jobs"],
    ["scheduler"],
    ["output"],
    ["limits"],
  ]);
  if (at.length === 0 || b.doc.hasIn(at))
    setIn(b.doc, [...at, w.dice.pick(["arival_s", "bogus", "__proto__", "constructor"])], 1);
  else setKey(b.doc, "gpus", 1);
  return emit(w, b, "reject");
}

function timelineTiny(w: Workspace): CaseSpec {
  const b = base(w, w.dice.pick(w.corpus.scenarios.filter((f) => /\/(examples|replays|study)\//.test(f))));
  setIn(b.doc, ["output", "timeline"], true);
  setIn(b.doc, ["output", "timeline_interval_s"], w.dice.pick([1e-7, 1e-9]));
  const file = put(w, basename(b.file), b.doc.toString());
  const out = join(w.dir, "out");
  return { expect: "reject", argv: ["run", file, "--out", out], out, timeoutS: RUN_S };
}

function limitsOver(w: Workspace): CaseSpec {
  const b = base(w);
  const key = w.dice.pick(["jobs", "gpus", "horizon_s", "timeline_rows", "trace_mb"]);
  setIn(b.doc, ["limits", key], w.dice.pick([1e12, -1, 0, "many", 1e300]));
  return emit(w, b, "reject");
}

/** Output folders that cannot be one: a file, a folder under a file. */
function outIsFile(w: Workspace): CaseSpec {
  const b = base(w, w.dice.pick(w.corpus.scenarios.filter((f) => f.includes("/study/"))));
  const file = put(w, basename(b.file), b.doc.toString());
  const blocker = put(w, "blocker", "a file in the way\n");
  return {
    expect: "reject",
    argv: ["run", file, "--out", w.dice.chance(0.5) ? blocker : join(blocker, "sub")],
    timeoutS: RUN_S,
  };
}

/** YAML the parser must refuse without exhausting itself: alias bombs, cycles, unresolved aliases, depth. */
function yamlHostile(w: Workspace): CaseSpec {
  const b = base(w);
  const text = b.doc.toString();
  const which = w.dice.pick(["aliases", "bomb", "selfref", "unresolved", "deep", "deep-block"]);
  const extra: Record<string, string> = {
    aliases: `description: &d x\nx: [${Array(120).fill("*d").join(", ")}]\n`,
    bomb:
      [
        "a: &a [l, l, l, l, l, l, l, l, l]",
        ...Array.from("bcdefgh", (c, i) => `${c}: &${c} [${Array(9).fill(`*${"abcdefgh"[i]}`).join(", ")}]`),
      ].join("\n") + "\n",
    selfref: "workloads: &w { a: *w }\n",
    unresolved: "description: *nowhere\n",
    deep: `description: ${"[".repeat(5000)}${"]".repeat(5000)}\n`,
    "deep-block": `description:\n${Array.from({ length: 3000 }, (_, i) => `${" ".repeat(i + 1)}- `).join("\n")}x\n`,
  };
  // Keys already in the base are replaced (the alias line comes last, so it is the one kept... or refused).
  const doc = parseDocument(text);
  for (const key of ["description", "workloads", "x", "a", "b", "c", "d", "e", "f", "g", "h"])
    doc.delete(key);
  return command(w, put(w, basename(b.file), doc.toString() + extra[which]), "reject");
}

function junkFile(w: Workspace): CaseSpec {
  const file = put(w, "junk.yaml", junkBytes(w.dice, 1 + w.dice.below(2000)));
  return command(w, file, "reject");
}

/** Any value anywhere: the input may be fine or not, but it must never crash. */
function randomValue(w: Workspace): CaseSpec {
  const b = base(w);
  for (let k = 0, n = 1 + w.dice.below(3); k < n; k++) {
    const paths = leafPaths(b.doc.toJS());
    setIn(b.doc, w.dice.pick(paths), w.dice.pick(HOSTILE));
  }
  return emit(w, b, "any");
}

/** A number changed by a plausible factor (or its sign): inputs that are mostly still valid, and so run. */
function nudge(w: Workspace): CaseSpec {
  const b = base(w);
  const numeric = leafPaths(b.doc.toJS()).filter((p) => typeof b.doc.getIn(p) === "number");
  if (numeric.length > 0) {
    const path = w.dice.pick(numeric);
    const value = b.doc.getIn(path) as number;
    setIn(
      b.doc,
      path,
      w.dice.pick([0, 0.5 * value, 2 * value, 3 * value, -value, value + 1, Math.round(value / 2)]),
    );
  }
  return emit(w, b, "any", 0.5);
}

function dropField(w: Workspace): CaseSpec {
  const b = base(w);
  b.doc.deleteIn(w.dice.pick(keyPaths(b.doc.toJS())));
  return emit(w, b, "any");
}

/** The text cut short, or a few bytes changed: YAML that may not parse at all. */
function textDamage(w: Workspace, dice: Dice = w.dice): CaseSpec {
  const b = base(w);
  let text = b.doc.toString();
  if (dice.chance(0.4)) text = text.slice(0, dice.below(text.length));
  else
    for (let k = 0, n = 1 + dice.below(4); k < n; k++) {
      const at = dice.below(text.length);
      text =
        text.slice(0, at) +
        dice.pick([":", "{", "[", "&a ", "*a", "'", '"', "\t", "- ", "!!binary ", "#", "\n"]) +
        text.slice(at + 1);
    }
  return command(w, put(w, basename(b.file), text), "any");
}

export const SCENARIO_KINDS: Kind[] = [
  { name: "sharing-mode-unknown", target: "scenario", weight: 4, make: unknownMode },
  { name: "arrival-huge", target: "scenario", weight: 4, make: hugeArrival },
  { name: "rate-tiny", target: "scenario", weight: 3, make: tinyRate },
  { name: "work-huge", target: "scenario", weight: 4, make: hugeWork },
  { name: "jobs-count-huge", target: "scenario", weight: 3, make: hugeCount },
  { name: "gpus-count-huge", target: "scenario", weight: 3, make: hugeGpus },
  { name: "name-path-or-escape", target: "scenario", weight: 4, make: namePath },
  { name: "uniform-min-over-max", target: "scenario", weight: 2, make: uniformInverted },
  { name: "field-unknown", target: "scenario", weight: 2, make: unknownField },
  { name: "timeline-interval-tiny", target: "scenario", weight: 2, make: timelineTiny },
  { name: "limits-over-ceiling", target: "scenario", weight: 2, make: limitsOver },
  { name: "out-not-a-folder", target: "scenario", weight: 2, make: outIsFile },
  { name: "yaml-hostile", target: "scenario", weight: 5, make: yamlHostile },
  { name: "file-junk-bytes", target: "scenario", weight: 2, make: junkFile },
  { name: "value-random", target: "scenario", weight: 16, make: randomValue },
  { name: "value-nudged", target: "scenario", weight: 8, make: nudge },
  { name: "field-dropped", target: "scenario", weight: 6, make: dropField },
  { name: "text-damaged", target: "scenario", weight: 6, make: (w) => textDamage(w) },
];
