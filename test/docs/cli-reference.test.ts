/**
 * README's CLI reference names every flag each command takes: a row per command (or per subcommand), its first cell
 * the command line. Read from the commands as they are registered, so a flag added without its row fails here.
 */
import test from "ava";
import { Command } from "commander";
import { readFileSync } from "node:fs";
import { commands } from "../../cli/commands/index.ts";

/** "colloc mig layouts" -> every long flag of that command, for it and each subcommand. */
function flagsOf(command: Command, path: string, into: Map<string, string[]>): void {
  const flags = command.options.map((o) => o.long).filter((f): f is string => f !== undefined);
  into.set(path, flags);
  for (const sub of command.commands) flagsOf(sub, `${path} ${sub.name()}`, into);
}

/** The first cells of README's CLI reference rows, as written. */
function referenceRows(): string[] {
  const section = readFileSync("README.md", "utf8").split("\n## CLI reference\n")[1].split("\n## ")[0];
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `colloc "))
    .map((line) => line.split(" | ")[0]);
}

test("every flag of every command stands in README's CLI reference, in its command's row", async (t) => {
  const flags = new Map<string, string[]>();
  for (const entry of commands) {
    const program = new Command();
    (await entry.load())(program);
    for (const command of program.commands) flagsOf(command, `colloc ${command.name()}`, flags);
  }
  const rows = referenceRows();
  t.true(rows.length >= 10, `${rows.length} rows`);
  const missing: string[] = [];
  for (const [path, list] of flags) {
    const own = rows.filter((row) => row.includes(`\`${path} `) || row.includes(`\`${path}\``));
    if (own.length === 0) {
      // A command group (colloc mig, colloc scenario) has rows for its subcommands only.
      if (list.length > 0) missing.push(`${path}: no row`);
      continue;
    }
    for (const flag of list) if (!own.some((row) => row.includes(flag))) missing.push(`${path}: ${flag}`);
  }
  t.deepEqual(missing, []);
});
