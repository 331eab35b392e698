/** Scenario text (YAML) to a validated Scenario, or an InputError naming the file, the field and its line. */
import { isNode, type Document, type LineCounter } from "yaml";
import { parsePath, type PathKey } from "./field-path.ts";
import { Scenario } from "./schema.ts";
import { parseYaml } from "./yaml.ts";
import { firstIssue, issueToInputError } from "./zod-issue.ts";

/** " (line N)" of the node at `path` in a parsed YAML file, or of its nearest ancestor there; "" if none. */
export function lineOf(doc: Document, lines: LineCounter, path: PathKey[]): string {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as (string | number)[], true);
    if (isNode(node) && node.range) return ` (line ${lines.linePos(node.range[0]).line})`;
  }
  return "";
}

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
