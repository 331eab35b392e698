/**
 * Write a set of output files as a whole: into a temporary sibling folder, then renamed into place. The one
 * output-folder guard: a path that cannot hold a folder (a file in the way, no permission, a read-only disk) is
 * bad input named by the folder, never raw errno text, and nothing half-written is left behind as if whole.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { InputError } from "../sim/input-error.ts";
import { pidAlive } from "./pid.ts";

/** Why a folder cannot be written, in words (errno codes of mkdir, write and rename). */
const CANNOT: Record<string, string> = {
  ENOTDIR: "a file is in the way",
  EEXIST: "a file is in the way",
  EISDIR: "a folder is in the way",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "a read-only file system",
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is used up",
  ENAMETOOLONG: "a name too long",
  ELOOP: "a loop of symbolic links",
  ENOENT: "a folder on its path that does not exist and cannot be made",
};

/** An errno of writing `path` (a folder, or what `expected` says) as the InputError the user reads. */
export function outputError(
  path: string,
  error: unknown,
  expected = "a folder colloc can create and write",
): Error {
  if (error instanceof InputError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === undefined || !(code in CANNOT)) return error as Error;
  return new InputError(path, "", expected, `${CANNOT[code]} (${code})`);
}

/** Temporary folders this process is filling, for the interrupt handler to remove (cli/interrupt.ts). */
const staging = new Set<string>();

/** Remove every temporary folder this process is still filling; their paths. */
export function discardStaging(): string[] {
  const removed = [...staging];
  for (const temp of removed) rmSync(temp, { recursive: true, force: true });
  staging.clear();
  return removed;
}

/** Temporary siblings of `target` left by a process that died mid-write (killed with SIGKILL, say). */
function removeStale(target: string): void {
  const prefix = `.${basename(target)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    const m = /\.(?:tmp|old)-(\d+)$/.exec(name);
    if (name.startsWith(prefix) && m && Number(m[1]) !== process.pid && !pidAlive(Number(m[1])))
      rmSync(join(dirname(target), name), { recursive: true, force: true });
  }
}

/** Names a command may write into its output folder: an earlier output of it, made with other options, is replaced. */
export type MayHold = (name: string) => boolean;

/**
 * Throw unless `dir` is missing or a folder holding nothing but names `mayHold` allows (an earlier output). An empty
 * path resolves to the working folder: `--out "$OUT"` with OUT unset must not replace it.
 */
function refuseStrangers(dir: string, mayHold: MayHold): void {
  if (dir.trim() === "") throw new InputError("--out", "", "a folder path", dir);
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new InputError(dir, "", "a folder (it is a file)");
  const others = readdirSync(dir).filter((name) => !mayHold(name));
  if (others.length > 0)
    throw new InputError(
      dir,
      "",
      "a new folder or an earlier output of the same command",
      others.slice(0, 3),
    );
}

/**
 * The check `writeFolder` makes, made before the work that fills the folder, so a mistyped --out fails at once
 * rather than after minutes of computing (same message).
 */
export function checkOutFolder(dir: string, mayHold: MayHold): void {
  try {
    refuseStrangers(dir, mayHold);
  } catch (error) {
    throw outputError(dir, error);
  }
}

interface Staged {
  temp: string;
  /** Swap the filled temporary folder into place. */
  commit(): void;
  /** Remove the temporary folder (after a commit, a no-op). */
  discard(): void;
}

/**
 * Check that `dir` can become the output (missing, or a folder holding nothing but names `mayHold` allows) and make
 * its temporary sibling.
 */
function stage(dir: string, mayHold: MayHold): Staged {
  // A link to a folder (results kept on scratch space) is written through: the folder it names is replaced.
  const target = existsSync(dir) ? realpathSync(dir) : resolve(dir);
  const temp = join(dirname(target), `.${basename(target)}.tmp-${process.pid}`);
  try {
    refuseStrangers(dir, mayHold);
    mkdirSync(dirname(target), { recursive: true });
    removeStale(target);
    rmSync(temp, { recursive: true, force: true });
    mkdirSync(temp);
  } catch (error) {
    throw outputError(dir, error);
  }
  staging.add(temp);
  return {
    temp,
    commit: () => swapIntoPlace(temp, target),
    discard: () => {
      staging.delete(temp);
      rmSync(temp, { recursive: true, force: true });
    },
  };
}

/** Let `fill` write into a temporary sibling of `dir`, then swap it into place (see `stage`). */
export async function intoFolder(
  dir: string,
  mayHold: MayHold,
  fill: (temp: string) => Promise<void>,
): Promise<void> {
  const staged = stage(dir, mayHold);
  try {
    await fill(staged.temp);
    staged.commit();
  } catch (error) {
    throw outputError(dir, error);
  } finally {
    staged.discard();
  }
}

/**
 * Replace `dir` by a folder holding exactly `files`. An existing `dir` is replaced only when it holds nothing but
 * files of the same names and names the command may write (`mayHold`: an earlier output made with other options,
 * its report), so a mistyped --out never wipes unrelated files.
 */
export function writeFolder(
  dir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  mayHold: MayHold = () => false,
): void {
  const staged = stage(dir, (name) => files.has(name) || mayHold(name));
  try {
    for (const [name, content] of files) writeFileSync(join(staged.temp, name), content);
    staged.commit();
  } catch (error) {
    throw outputError(dir, error);
  } finally {
    staged.discard();
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
