/**
 * YAML text to a plain value, or an InputError: the one YAML reader of scenarios and sweep files. Beyond
 * well-formedness it refuses what would exhaust the process or the messages: nesting deeper than the parser's
 * stack allows, alias bombs (alias expansions are counted), and anchors that contain their own alias (a cycle);
 * and a `__proto__` key, which no plain object can hold.
 */
import { isCollection, isNode, LineCounter, parseDocument, visit, type Document } from "yaml";
import { InputError } from "../../input-error.ts";
import { formatPath, type PathKey } from "./field-path.ts";
import { LIMITS, limitText } from "./limits.ts";

export interface ParsedYaml {
  doc: Document;
  lines: LineCounter;
  value: unknown;
}

/**
 * Deepest nesting of the text, over-counted (brackets in quoted strings count too), found before the parser
 * recurses: flow brackets open, and block levels by indentation and "- " markers at a line's start.
 */
function nestingAt(text: string, limit: number): { line: number } | undefined {
  let flow = 0;
  let line = 1;
  let start = true;
  let block = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      start = true;
      block = 0;
      continue;
    }
    if (start) {
      if (c === 32 || c === 9)
        block += 0.5; // two spaces a level, as people indent
      else if ((c === 45 || c === 63) && text.charCodeAt(i + 1) === 32)
        block++; // "- " and "? "
      else start = false;
    }
    if (c === 91 || c === 123) flow++;
    else if ((c === 93 || c === 125) && flow > 0) flow--;
    if (flow + block > limit) return { line };
  }
  return undefined;
}

/** The path of the first collection that contains itself (a self-referencing anchor), if any. */
function cycleAt(value: unknown, path: PathKey[] = [], open = new Set<object>()): PathKey[] | undefined {
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return undefined;
  if (open.has(value)) return path;
  open.add(value);
  for (const key in value) {
    const at = cycleAt(
      (value as Record<string, unknown>)[key],
      [...path, Array.isArray(value) ? +key : key],
      open,
    );
    if (at) return at;
  }
  open.delete(value);
  return undefined;
}

/**
 * The path of the first mapping key `__proto__`, if any. The YAML reader keeps it as an own key, but every later
 * copy into a plain object (zod's records among them) sets the copy's prototype instead, and the entry is lost
 * without a word: an MPS percentage, a scheduler parameter, a custom workload. `constructor`, `prototype` and the
 * like stay ordinary keys: copies keep them, and ids are looked up as own keys.
 */
function protoKeyAt(value: unknown, path: PathKey[] = []): PathKey[] | undefined {
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return undefined;
  if (!Array.isArray(value) && Object.hasOwn(value, "__proto__")) return [...path, "__proto__"];
  for (const key in value) {
    const at = protoKeyAt((value as Record<string, unknown>)[key], [
      ...path,
      Array.isArray(value) ? +key : key,
    ]);
    if (at) return at;
  }
  return undefined;
}

/** " (line N)" of the node at `path` in a parsed YAML file, or of its nearest ancestor there; "" if none. */
export function lineOf(doc: Document, lines: LineCounter, path: PathKey[]): string {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as (string | number)[], true);
    if (isNode(node) && node.range) return ` (line ${lines.linePos(node.range[0]).line})`;
  }
  return "";
}

/**
 * The first whole number written with more digits than a number holds exactly (past 2^53): read, it would be another
 * number than the one written, and every message would quote that other one.
 */
function inexactInteger(doc: Document): { offset: number; text: string } | undefined {
  let found: { offset: number; text: string } | undefined;
  visit(doc, {
    Scalar(_key, node) {
      const text = node.source ?? "";
      if (typeof node.value === "number" && !Number.isSafeInteger(node.value) && /^[-+]?\d+$/.test(text)) {
        found = { offset: node.range?.[0] ?? 0, text };
        return visit.BREAK;
      }
    },
  });
  return found;
}

/** Where a mapping key is itself a list or a mapping (`? [a, b]`): no field is named so, and JSON has no such key. */
function collectionKey(doc: Document): number | undefined {
  let found: number | undefined;
  visit(doc, {
    Pair(_key, pair) {
      if (isCollection(pair.key)) {
        found = pair.key.range?.[0] ?? 0;
        return visit.BREAK;
      }
    },
  });
  return found;
}

export function parseYaml(text: string, file: string): ParsedYaml {
  const deep = nestingAt(text, LIMITS.yaml_depth.default);
  if (deep) throw new InputError(file, `line ${deep.line}`, `YAML nested ${limitText("yaml_depth")}`);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true });
  const bad = doc.errors[0];
  if (bad) {
    const at = bad.linePos?.[0];
    // The library's own advice for a second document names its API, not what the user should write.
    const why =
      bad.code === "MULTIPLE_DOCS"
        ? "one document: a `---` starts a second"
        : bad.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
    throw new InputError(file, at ? `line ${at.line}, column ${at.col}` : "", `well-formed YAML (${why})`);
  }
  const inexact = inexactInteger(doc);
  if (inexact) {
    const at = lines.linePos(inexact.offset);
    throw new InputError(
      file,
      `line ${at.line}, column ${at.col}`,
      `a whole number of at most ${Number.MAX_SAFE_INTEGER} in size (larger ones are not held exactly; write 1e20 for an approximate one)`,
      inexact.text,
    );
  }
  const keyAt = collectionKey(doc);
  if (keyAt !== undefined) {
    const at = lines.linePos(keyAt);
    throw new InputError(
      file,
      `line ${at.line}, column ${at.col}`,
      "a key that is text or a number, not a list or mapping",
    );
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: LIMITS.yaml_aliases.default });
  } catch (error) {
    // The yaml library throws for unresolved aliases and for too many alias expansions.
    const message = error instanceof Error ? error.message : String(error);
    const expected = /alias count/i.test(message)
      ? `YAML with ${limitText("yaml_aliases")}`
      : `well-formed YAML (${message.split("\n")[0]})`;
    throw new InputError(file, "", expected);
  }
  const cycle = cycleAt(value);
  if (cycle)
    throw new InputError(
      file,
      formatPath(cycle),
      "a value that does not contain itself (a YAML anchor used inside itself)",
    );
  const proto = protoKeyAt(value);
  if (proto)
    throw new InputError(
      file,
      formatPath(proto) + lineOf(doc, lines, proto),
      "a key other than __proto__ (a name JavaScript objects reserve: the entry would be lost)",
    );
  return { doc, lines, value };
}
