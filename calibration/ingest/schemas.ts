/** The profiler's JSON Schemas (profiler/schemas/, the source of truth for run files), compiled once with ajv. */
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
import type { StreamRecords } from "./records.ts";

/** Every JSON Lines stream of a run folder, named as its file (`steps` -> steps.jsonl). */
export const STREAMS = [
  "procs",
  "steps",
  "samples",
  "kernels",
  "iterations",
  "events",
  "jobs",
  "overhead",
] as const satisfies readonly (keyof StreamRecords)[];
export type Stream = (typeof STREAMS)[number];
export type RunFile = "manifest" | Stream;

const SCHEMA_DIR = new URL("../../profiler/schemas/", import.meta.url);

let compiled: Map<RunFile, ValidateFunction> | undefined;

function validators(): Map<RunFile, ValidateFunction> {
  if (compiled) return compiled;
  // verbose: errors carry the offending value, which the message quotes.
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, verbose: true });
  compiled = new Map();
  for (const file of ["manifest", ...STREAMS] as RunFile[]) {
    const schema = JSON.parse(readFileSync(new URL(`${file}.schema.json`, SCHEMA_DIR), "utf8")) as object;
    compiled.set(file, ajv.compile(schema));
  }
  return compiled;
}

export interface Violation {
  field: string;
  expected: string;
  got?: unknown;
}

/** ajv's first error as field path + expectation, in the words of InputError. */
function describe(error: ErrorObject): Violation {
  const path = error.instancePath.slice(1).replaceAll("/", ".");
  const under = (name: string) => (path ? `${path}.${name}` : name);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return { field: under(String(p.missingProperty)), expected: "a value (the field is required)" };
    case "additionalProperties":
      return { field: under(String(p.additionalProperty)), expected: "no such field (the schema has none)" };
    case "enum":
      return {
        field: path,
        expected: `one of ${(p.allowedValues as unknown[]).join(", ")}`,
        got: error.data,
      };
    case "const":
      return { field: path, expected: JSON.stringify(p.allowedValue), got: error.data };
    case "type": {
      const types = String(p.type).replaceAll(",", " or ");
      return { field: path, expected: `${/^[aeiou]/.test(types) ? "an" : "a"} ${types}`, got: error.data };
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      // ajv's "must be >= 0" as the other messages read: "a number >= 0".
      return {
        field: path,
        expected: `a number ${String(p.comparison)} ${String(p.limit)}`,
        got: error.data,
      };
    default:
      return { field: path, expected: `a value that ${error.message}`, got: error.data };
  }
}

/** Check a record against its file's schema; undefined when it conforms. */
export function schemaViolation(file: RunFile, record: unknown): Violation | undefined {
  const validate = validators().get(file)!;
  return validate(record) ? undefined : describe(validate.errors![0]);
}
