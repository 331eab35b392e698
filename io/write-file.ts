/**
 * Write one output file as a whole: into a hidden sibling, then renamed into place, so an interrupted or failed
 * write never leaves half a file under the name asked for, nor its temporary copy. Its folder is made if missing;
 * a path that cannot hold the file is bad input named by the file (`outputError`).
 */
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { InputError } from "../sim/input-error.ts";
import { outputError } from "./write-folder.ts";

export function writeFileWhole(file: string, content: string | Uint8Array): void {
  const temp = join(dirname(file), `.${basename(file)}.tmp-${process.pid}`);
  try {
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory())
      throw new InputError(file, "", "a file name (it is a folder)");
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temp, content);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw outputError(file, error, "a file colloc can create and write");
  }
}
