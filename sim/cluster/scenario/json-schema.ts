/** The scenario format as JSON Schema (draft 2020-12), generated from the zod types so the two never drift. */
import { z } from "zod";
import { Scenario } from "./schema.ts";

export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(Scenario, { io: "input", target: "draft-2020-12" }),
    title: "colloc scenario",
    description:
      "A colloc scenario: GPUs and their sharing setup, workloads, a job stream, a policy (docs/scenarios.md).",
  };
}
