/** Turn the RUNS arguments (run folders, or folders holding run folders) into a sorted list of run folders. */
import { existsSync, readdirSync, statSync, type Dirent } from "node:fs";
import { join, resolve } from "node:path";
import { InputError } from "../../sim/input-error.ts";
import { errnoText } from "./read-file.ts";

/** A folder's entries, or an InputError naming it (a folder colloc may not list). */
function entries(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    throw new InputError(folder, "", "a folder colloc can list", errnoText(error));
  }
}

/** A run folder has a manifest; one with JSON Lines but no manifest is still a run folder (and fails on read). */
function looksLikeRun(folder: string): boolean {
  return entries(folder).some(({ name }) => name === "manifest.json" || name.endsWith(".jsonl"));
}

export function findRunFolders(paths: readonly string[]): string[] {
  const found = new Map<string, string>(); // resolved path -> path as the user named it
  for (const path of paths) {
    if (!existsSync(path) || !statSync(path).isDirectory()) {
      throw new InputError(path, "", "an existing run folder or a folder holding run folders");
    }
    if (looksLikeRun(path)) {
      found.set(resolve(path), path);
      continue;
    }
    const children = entries(path)
      .filter((entry) => entry.isDirectory() && looksLikeRun(join(path, entry.name)))
      .map((entry) => join(path, entry.name));
    if (children.length === 0) {
      throw new InputError(
        path,
        "manifest.json",
        "a run folder (with manifest.json) or a folder holding run folders",
      );
    }
    children.forEach((child) => found.set(resolve(child), child));
  }
  return [...found.values()].sort();
}
