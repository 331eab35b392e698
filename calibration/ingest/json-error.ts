/** Where a JSON text breaks: JSON.parse does not always say, so jsonc-parser (strict settings) locates it. */
import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";

/** 1-based line and a short name of the first syntax error, for a text JSON.parse rejected. */
export function locateJsonError(text: string): { line: number; problem: string } {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return { line: 1, problem: "not JSON" }; // only JSON.parse objects (e.g. a lone surrogate)
  return { line: text.slice(0, first.offset).split("\n").length, problem: printParseErrorCode(first.error) };
}
