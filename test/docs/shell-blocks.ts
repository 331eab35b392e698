/**
 * The shell commands a Markdown document shows: its sh/bash/shell/console blocks line by line (continued lines
 * joined, comments dropped) and `$ ` transcripts with the output shown; a labelled block is not commands.
 */

export interface Command {
  doc: string;
  command: string;
  exit: number;
  /** A transcript's output lines, when the doc shows them. */
  output?: string[];
}

export interface Block {
  lang: string;
  label: string | undefined;
  body: string;
}

export function blocks(text: string): Block[] {
  return [...text.matchAll(/(?:<!-- (.+?) -->\n)?```(\w*)\n([\s\S]*?)```/g)].map((m) => ({
    label: m[1],
    lang: m[2],
    body: m[3],
  }));
}

/** `cmd  # exit 2` -> the command and its expected status; other trailing comments dropped. */
function parseLine(line: string, doc: string): Command {
  const [, command, comment] = /^(.*?)(?:\s+#\s(.*))?$/.exec(line)!;
  const exit = /^exit (\d+)\b/.exec(comment ?? "");
  return { doc, command: command.trim(), exit: exit ? Number(exit[1]) : 0 };
}

/** Shell blocks as commands (continued lines joined); transcripts as commands with their output. */
export function commandsOf(doc: string, text: string): Command[] {
  const commands: Command[] = [];
  for (const { lang, label, body } of blocks(text)) {
    if (label !== undefined) continue; // files, and the Slurm submission (test/cli/slurm.test.ts)
    const lines = body.replace(/\\\n\s*/g, "").split("\n");
    if (lines.some((l) => l.startsWith("$ "))) {
      for (const [i, line] of lines.entries()) {
        if (!line.startsWith("$ ")) continue;
        const end = lines.findIndex((l, j) => j > i && l.startsWith("$ "));
        const output = lines.slice(i + 1, end < 0 ? undefined : end);
        while (output.length > 0 && output.at(-1)!.trim() === "") output.pop();
        commands.push({ ...parseLine(line.slice(2), doc), output });
      }
    } else if (["sh", "bash", "shell", "console"].includes(lang)) {
      for (const line of lines) if (line.trim() !== "" && !line.startsWith("#")) commands.push(parseLine(line, doc));
    }
  }
  return commands;
}

