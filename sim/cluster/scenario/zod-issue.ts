/** Turns the first zod issue into the project's one-line InputError: file, field path, what was expected. */
import type { z } from "zod";
import { InputError } from "../../core/errors.ts";
import { formatPath, type PathKey } from "./field-path.ts";

type Issue = z.core.$ZodIssue;

/** A union's branches each report issues; the helpful one is the branch the input was meant for. */
function bestBranch(branches: Issue[][]): Issue[] {
  const typeMismatch = (issues: Issue[]) =>
    issues.length === 1 && issues[0].code === "invalid_type" && issues[0].path.length === 0;
  return branches.find((issues) => !typeMismatch(issues)) ?? branches[0];
}

function bound(issue: { minimum?: unknown; maximum?: unknown; inclusive?: boolean; origin: string }): string {
  const small = issue.minimum !== undefined;
  const limit = String(small ? issue.minimum : issue.maximum);
  if (issue.origin === "array") return small ? `at least ${limit} item(s)` : `at most ${limit} item(s)`;
  if (issue.origin === "string") return small ? `a non-empty string` : `at most ${limit} characters`;
  const op = small ? (issue.inclusive ? ">=" : ">") : issue.inclusive ? "<=" : "<";
  return `a number ${op} ${limit}`;
}

function flatten(issue: Issue, prefix: PathKey[]): { path: PathKey[]; expected: string; got?: unknown } {
  const path = [...prefix, ...issue.path];
  switch (issue.code) {
    case "invalid_union": {
      const branch = bestBranch(issue.errors);
      return branch.length > 0 ? flatten(branch[0], path) : { path, expected: "a valid value" };
    }
    case "invalid_type":
      if (issue.input === undefined) return { path, expected: `a ${issue.expected} (required)` };
      return { path, expected: `a ${issue.expected}`, got: issue.input };
    case "too_small":
    case "too_big":
      return { path, expected: bound(issue), got: issue.input };
    case "invalid_value":
      return {
        path,
        expected: `one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`,
        got: issue.input,
      };
    case "unrecognized_keys":
      return { path: [...path, issue.keys[0]], expected: "a known field (see docs/scenarios.md)" };
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
  return new InputError(file, formatPath(path) + where(path), expected, got);
}
