/** Scenario text (YAML) to a validated Scenario, or an InputError naming the file, the field and its line. */
import { parsePath } from "./field-path.ts";
import { Scenario } from "./schema.ts";
import { lineOf, parseYaml } from "./yaml.ts";
import { firstIssue, issueToInputError } from "./zod-issue.ts";

export { lineOf } from "./yaml.ts";

export interface ParsedScenario {
  scenario: Scenario;
  /** " (line N)" for a field path of the file (as InputError.field writes it), "" when it is not one. */
  locate(field: string): string;
}

export function parseScenarioDocument(text: string, file: string): ParsedScenario {
  const { doc, lines, value } = parseYaml(text, file);
  const parsed = Scenario.safeParse(value, { reportInput: true });
  if (!parsed.success)
    throw issueToInputError(file, firstIssue(parsed.error.issues), (path) => lineOf(doc, lines, path));
  return {
    scenario: parsed.data,
    locate: (field) => {
      const path = parsePath(field);
      return path ? lineOf(doc, lines, path) : "";
    },
  };
}

export function parseScenario(text: string, file: string): Scenario {
  return parseScenarioDocument(text, file).scenario;
}
