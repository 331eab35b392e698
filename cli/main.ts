/** The `colloc` command: run the program on this process's arguments. */
import { main } from "./program.ts";

// Output piped into a reader that stops early (`colloc study | head -1`): the reader has what it wanted, so the
// command ends quietly and successfully rather than with a stack trace.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(0);
  });

process.exitCode = await main(process.argv.slice(2));
