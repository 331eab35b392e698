/**
 * Bad user input (a file, a field, an argument): one error type every layer throws and the CLI turns into one
 * clear message and exit 2. A leaf module: it imports nothing, so the event core stays free of user vocabulary.
 */

/** Longest quoted value a message shows: bad input may be huge, hostile or not even text. */
const QUOTE_CHARS = 80;

/** C1 controls and DEL, which JSON.stringify leaves as they are; a terminal may act on them. */
const UNSAFE = /[\u007f-\u009f\u2028\u2029]/g;

function render(value: unknown, seen: Set<object>, room: number): string {
  if (room <= 0) return "…";
  if (typeof value === "string")
    return value.length > room ? `${JSON.stringify(value.slice(0, room))}…` : JSON.stringify(value);
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean")
      return String(value);
    return value === undefined ? "undefined" : String(value);
  }
  if (seen.has(value)) return "[circular]";
  seen.add(value);
  const list = Array.isArray(value) || ArrayBuffer.isView(value);
  let text = list ? "[" : "{";
  // Keys one at a time (no Object.entries copy): a hostile value may have millions.
  for (const key in value) {
    if (text.length > room) break;
    // Own keys only: a Buffer (YAML's !!binary) inherits enumerable methods, which are not the value.
    if (!Object.hasOwn(value, key)) continue;
    const part = list ? "" : `${JSON.stringify(key)}:`;
    const item = (value as Record<string, unknown>)[key];
    text += (text.length > 1 ? "," : "") + part + render(item, seen, room - text.length - part.length);
  }
  seen.delete(value);
  return text.length > room ? text : text + (list ? "]" : "}");
}

/**
 * A value as a message quotes it: JSON-like, at most about 80 characters (longer ones end in "…"), safe for
 * cyclic structures (a self-referencing YAML anchor) and with every control character escaped.
 */
export function quote(value: unknown): string {
  const text = render(value, new Set(), QUOTE_CHARS);
  const cut = text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS)}…` : text;
  return cut.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Bad input from a file or argument: names the file, the field path and what was expected. */
export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly expected: string,
    readonly got?: unknown,
  ) {
    const gotText = got === undefined ? "" : `, got ${quote(got)}`;
    const where = field ? `${file}: ${field}` : file;
    super(`${where}: expected ${expected}${gotText}`);
    this.name = "InputError";
  }
}
