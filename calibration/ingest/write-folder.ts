/** Write a set of output files as a whole: into a temporary sibling folder, then renamed into place. */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { InputError } from "../../sim/core/errors.ts";

/**
 * Replace `dir` by a folder holding exactly `files`. An existing `dir` is replaced only when it holds nothing but
 * files of the same names (an earlier output) and files `derived` from one (its report), so a mistyped --out
 * never wipes unrelated files.
 */
export function writeFolder(
  dir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  derived: readonly string[] = [],
): void {
  const target = resolve(dir);
  if (existsSync(target)) {
    const strangers = readdirSync(target).filter((name) => !files.has(name) && !derived.includes(name));
    if (strangers.length > 0) {
      throw new InputError(
        dir,
        "",
        "a new folder or an earlier output of the same command",
        strangers.slice(0, 3),
      );
    }
  }
  mkdirSync(dirname(target), { recursive: true });
  const temp = join(dirname(target), `.${basename(target)}.tmp-${process.pid}`);
  try {
    mkdirSync(temp);
    for (const [name, content] of files) writeFileSync(join(temp, name), content);
    swapIntoPlace(temp, target);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Put the finished folder `temp` at `target`, keeping any earlier `target` until the rename has succeeded. */
export function swapIntoPlace(temp: string, target: string): void {
  const old = join(dirname(target), `.${basename(target)}.old-${process.pid}`);
  try {
    if (existsSync(target)) renameSync(target, old);
    try {
      renameSync(temp, target);
    } catch (error) {
      if (existsSync(old)) renameSync(old, target); // put the earlier output back
      throw error;
    }
  } finally {
    rmSync(old, { recursive: true, force: true });
  }
}
