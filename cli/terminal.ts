/** Text bound for the terminal: control characters shown as escapes, so input never drives the terminal. */

// C0 controls but tab and newline, DEL and the C1 controls (ESC [ ... and CSI start colour codes and cursor moves).
// eslint-disable-next-line no-control-regex -- matching control characters is what this is for
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** One line of stderr (an error or a warning): a line break inside it (a file name can hold one) is escaped too. */
export function stderrLine(text: string): void {
  process.stderr.write(`${terminalSafe(text).replace(/\r/g, "\\r").replace(/\n/g, "\\n")}\n`);
}
