/**
 * A chart spec saved beside its data may point at it by file name (`"data": {"url": "jobs.arrow"}`); a
 * self-contained report needs the values inline. This walks the spec (layers and concatenations included) and
 * swaps every `data.url` for `data.values`, asking `load` for the rows of each named file.
 */
import type { Row } from "./arrow-rows.ts";

export type LoadRows = (url: string) => Row[];

export function inlineData<T>(spec: T, load: LoadRows): T {
  return walk(spec, load) as T;
}

function walk(node: unknown, load: LoadRows): unknown {
  if (Array.isArray(node)) return node.map((n) => walk(n, load));
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === "data" ? inlineOne(value, load) : walk(value, load);
  }
  return out;
}

function inlineOne(data: unknown, load: LoadRows): unknown {
  if (data === null || typeof data !== "object" || !("url" in data) || typeof data.url !== "string")
    return data;
  const { url, format, ...rest } = data as { url: string; format?: Record<string, unknown> };
  // The file type (arrow, csv) no longer applies once the values are inline; a parse hint still does.
  const { type: _type, ...keptFormat } = format ?? {};
  return {
    ...rest,
    ...(Object.keys(keptFormat).length > 0 ? { format: keptFormat } : {}),
    values: load(url),
  };
}
