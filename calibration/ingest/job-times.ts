/** A replay job's times in the order they happen, a check JSON Schema cannot state (it sees one field at a time). */
import type { JobRecord } from "./records.ts";
import type { Violation } from "./schemas.ts";

const ORDER = ["arrival_s", "start_s", "train_start_s", "finish_s"] as const;

/** The first time earlier than one before it (times not reached are null and skipped); undefined when in order. */
export function jobTimesViolation(job: JobRecord): Violation | undefined {
  let before: (typeof ORDER)[number] | undefined;
  for (const field of ORDER) {
    const t = job[field];
    if (t === null) continue;
    if (before !== undefined && t < job[before]!)
      return { field, expected: `a time at or after ${before} (${job[before]})`, got: t };
    before = field;
  }
  return undefined;
}
