/** Turns the first zod issue into the project's one-line InputError: file, field path, what was expected. */
import type { z } from "zod";
import { InputError } from "../../input-error.ts";
import { formatPath, type PathKey } from "./field-path.ts";

type Issue = z.core.$ZodIssue;

/** A union's branches each report issues; the helpful one is the branch the input was meant for. */
function bestBranch(branches: Issue[][]): Issue[] {
  const typeMismatch = (issues: Issue[]) =>
    issues.length === 1 && issues[0].code === "invalid_type" && issues[0].path.length === 0;
  return branches.find((issues) => !typeMismatch(issues)) ?? branches[0];
}

/** `{ mode: "MPS" }` against modes exclusive, naive, ...: the options, and the discriminator's value. */
function unmatched(issue: Issue & { code: "invalid_union" }, path: PathKey[]): Flat {
  const { options, discriminator } = issue as { options?: unknown[]; discriminator?: string };
  if (!options) return { path, expected: "a valid value", got: issue.input };
  const input = issue.input as Record<string, unknown> | undefined;
  const got = discriminator && input !== null && typeof input === "object" ? input[discriminator] : input;
  return { path, expected: `one of ${options.map((v) => JSON.stringify(v)).join(", ")}`, got };
}

function bound(issue: { minimum?: unknown; maximum?: unknown; inclusive?: boolean; origin: string }): string {
  const small = issue.minimum !== undefined;
  const limit = String(small ? issue.minimum : issue.maximum);
  if (issue.origin === "array") return small ? `at least ${limit} item(s)` : `at most ${limit} item(s)`;
  if (issue.origin === "string") return small ? `a non-empty string` : `at most ${limit} characters`;
  const op = small ? (issue.inclusive ? ">=" : ">") : issue.inclusive ? "<=" : "<";
  return `a number ${op} ${limit}`;
}

const article = (noun: string) => `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;

interface Flat {
  path: PathKey[];
  expected: string;
  got?: unknown;
}

function flatten(issue: Issue, prefix: PathKey[]): Flat {
  const path = [...prefix, ...issue.path];
  switch (issue.code) {
    case "invalid_union": {
      // A union given its own message (the schema says what all its branches take) speaks for them all.
      if (issue.errors.length > 0 && issue.message !== "Invalid input")
        return { path, expected: issue.message, got: issue.input };
      // A discriminated union whose discriminator matched no branch has no branch issues, only the options.
      if (issue.errors.length === 0) return unmatched(issue, path);
      const branch = bestBranch(issue.errors);
      return branch.length > 0 ? flatten(branch[0], path) : { path, expected: "a valid value" };
    }
    case "invalid_type": {
      const kind = article(issue.expected);
      if (issue.input === undefined) return { path, expected: `${kind} (required)` };
      return { path, expected: kind, got: issue.input };
    }
    case "too_small":
    case "too_big":
      return { path, expected: bound(issue), got: issue.input };
    case "invalid_value":
      return {
        path,
        expected: `one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`,
        got: issue.input,
      };
    case "unrecognized_keys": {
      // A misspelt field is named; a key no field could be called (a wrong file's first line) is only counted.
      const key = issue.keys[0];
      if (/^[\w$-]{1,64}$/.test(key))
        return { path: [...path, key], expected: "a known field (see docs/scenarios.md)" };
      return {
        path,
        expected: `known fields only (see docs/scenarios.md): a key of ${key.length} characters is none`,
      };
    }
    case "invalid_format":
      return { path, expected: issue.message, got: issue.input };
    case "custom":
      // A refused scalar is quoted; a refused object is described by the message alone.
      return {
        path,
        expected: issue.message,
        got: typeof issue.input === "object" ? undefined : issue.input,
      };
    default:
      return { path, expected: issue.message };
  }
}

/** The issue to report: a misspelt field first, since it also explains the "required field missing" beside it. */
export function firstIssue(issues: Issue[]): Issue {
  return issues.find((i) => i.code === "unrecognized_keys") ?? issues[0];
}

/** `where(path)` may add a location such as the YAML line, e.g. " (line 12)". */
export function issueToInputError(
  file: string,
  issue: Issue,
  where: (path: PathKey[]) => string = () => "",
): InputError {
  const { path, expected, got } = flatten(issue, []);
  // The whole file is not what was expected (e.g. some other file named as a scenario): say what it holds,
  // never its content.
  if (path.length === 0 && got !== undefined) {
    const kind = got === null ? "null" : Array.isArray(got) ? "list" : typeof got;
    return new InputError(file, "", `${expected} (the file holds ${article(kind)})`);
  }
  const field = formatPath(path);
  return new InputError(file, field && field + where(path), expected, got);
}
