/** A fuzz case: the files it writes in its own folder, the colloc command line, and what must come of it. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Corpus } from "./corpus.ts";
import type { Dice } from "./values.ts";

/**
 * "reject": bad input, must exit 2 (and write nothing); "any": exit 0 or 2, whichever the input deserves;
 * otherwise that exit code and output (stdout and stderr) matching `output`.
 */
export type Expect = "reject" | "any" | { exit: 0 | 2; output: RegExp };

export interface CaseSpec {
  expect: Expect;
  /** The colloc command line (absolute paths). */
  argv: string[];
  /** An output folder that must not exist after a refusal (nothing half-written left as if whole). */
  out?: string;
  timeoutS: number;
}

/** Inputs made once per fuzz run and shared by every case (read-only for them). */
export interface Fixtures {
  /** A file holding a secret (the fuzz run's), which no output may ever show. */
  secretFile: string;
  /** Two shard folders of one small grid (`colloc sweep --shard 1/2` and `2/2`). */
  shards: [string, string];
  /** A small sweep file (two points of a three-job scenario). */
  smallGrid: string;
}

export interface Workspace {
  /** The case's own folder: its files, its working directory, its outputs. */
  dir: string;
  corpus: Corpus;
  fixtures: Fixtures;
  dice: Dice;
}

/** Write `content` at `name` under the case folder; its absolute path. */
export function put(w: Workspace, name: string, content: string | Buffer): string {
  const path = join(w.dir, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}

export interface Kind {
  name: string;
  /** What it feeds: scenario, trace, grid, shard, run folder or command line. */
  target: string;
  weight: number;
  make(w: Workspace): CaseSpec;
}

export const CHECK_S = 20;
export const RUN_S = 45;
export const SWEEP_S = 90;
