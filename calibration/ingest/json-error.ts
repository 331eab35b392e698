/** Where a JSON text breaks: JSON.parse does not always say, so jsonc-parser (strict settings) locates it. */
import { InputError } from "../../sim/input-error.ts";
import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";

/** 1-based line and a short name of the first syntax error, for a text JSON.parse rejected. */
export function locateJsonError(text: string): { line: number; problem: string } {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return { line: 1, problem: "not JSON" }; // only JSON.parse objects (e.g. a lone surrogate)
  return { line: text.slice(0, first.offset).split("\n").length, problem: printParseErrorCode(first.error) };
}

/**
 * JSON text as a value, or an InputError at `file:line` saying what was `expected` and the syntax problem
 * (never JSON.parse's message, which quotes the text). `nameProblem: false` leaves the problem's code out, for an
 * `expected` that already says in words what went wrong.
 */
export function parseJson(text: string, file: string, expected: string, nameProblem = true): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const { line, problem } = locateJsonError(text);
    throw new InputError(`${file}:${line}`, "", expected, nameProblem ? problem : undefined);
  }
}
