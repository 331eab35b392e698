/** A fuzz case's outcome in one word: fine, or the way it failed. */
import { terminalSafe } from "../cli/terminal.ts";
import type { CaseSpec } from "./case.ts";
import type { Ran } from "./pool.ts";

export const FAILURES = [
  "internal", // exit other than 0 and 2, or internal error text (a stack, a TypeError, "undefined"...)
  "hang", // over the case's time bound
  "native", // the process died: V8 fatal error, signal
  "accepted", // bad input that exited 0
  "wrong-outcome", // a case with a definite expected exit and output that got another
  "leak", // a secret in the output, or a control character a terminal would act on
  "escape", // a file written outside the case's folder
  "half-written", // a refused command left its output folder behind
] as const;
export type Failure = (typeof FAILURES)[number];
export type Verdict = "ok" | Failure;

/** Text only a bug prints: JavaScript error names and stacks, values that were never meant to be shown. */
const INTERNAL =
  /internal error|TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert|is not a function|is not iterable|Maximum call stack|UNCAUGHT|THROWN|\n\s+at \S.*:\d+:\d+|\bundefined\b|\[object Object\]/;

export interface Checked {
  verdict: Verdict;
  code?: number;
  why?: string;
}

export function classify(
  spec: CaseSpec,
  ran: Ran,
  secret: string,
  outExists: boolean,
  escaped: string[],
): Checked {
  if (ran.kind === "hang") return { verdict: "hang", why: `over ${spec.timeoutS} s` };
  if (ran.kind === "died") {
    const fatal = /FATAL ERROR|Native stack trace|Segmentation fault/.test(ran.output) || ran.signal !== null;
    return {
      verdict: fatal ? "native" : "internal",
      why: `died: ${ran.signal ?? ran.code} ${ran.output.slice(-300)}`,
    };
  }
  const { code, output } = ran;
  if (escaped.length > 0) return { verdict: "escape", code, why: escaped.join(", ") };
  if (output.includes(secret)) return { verdict: "leak", code, why: "the secret was printed" };
  if (terminalSafe(output) !== output)
    return { verdict: "leak", code, why: "a control character was printed" };
  const internal = INTERNAL.exec(output);
  if (code !== 0 && code !== 2)
    return { verdict: "internal", code, why: `exit ${code}: ${output.slice(0, 300)}` };
  if (internal)
    return { verdict: "internal", code, why: `"${internal[0].trim()}" in: ${output.slice(0, 300)}` };
  if (code === 2 && outExists)
    return { verdict: "half-written", code, why: `${spec.out} exists after exit 2` };
  if (spec.expect === "reject" && code === 0) return { verdict: "accepted", code, why: output.slice(0, 300) };
  if (typeof spec.expect === "object" && (code !== spec.expect.exit || !spec.expect.output.test(output)))
    return {
      verdict: "wrong-outcome",
      code,
      why: `expected exit ${spec.expect.exit} and ${spec.expect.output}; got exit ${code}: ${output.slice(0, 300)}`,
    };
  return { verdict: "ok", code };
}
