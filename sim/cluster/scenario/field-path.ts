/** Field paths as users read them in messages: `hardware.gpus[0].sharing.layout[2]`. */

export type PathKey = string | number | symbol;

export function formatPath(path: readonly PathKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else if (/^[\w$-]+$/.test(String(key))) text += text ? `.${String(key)}` : String(key);
    else text += `[${JSON.stringify(String(key))}]`;
  }
  return text;
}

/** The keys of a path `formatPath` wrote; undefined for anything else (e.g. "line 3, column x"). */
export function parsePath(text: string): PathKey[] | undefined {
  const token = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|(?:^|\.)([\w$-]+)/y;
  const keys: PathKey[] = [];
  while (token.lastIndex < text.length) {
    const m = token.exec(text);
    if (!m) return undefined;
    keys.push(m[1] !== undefined ? Number(m[1]) : m[2] !== undefined ? (JSON.parse(m[2]) as string) : m[3]);
  }
  return keys;
}
