/** Scratch copies of the fixture runs, for tests that break a file on purpose. */
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const FIXTURES = "test/fixtures/runs";
export const H200 = join(FIXTURES, "h200");
export const A100 = join(FIXTURES, "a100");
export const FAKE = join(FIXTURES, "fake");

export function scratch(): string {
  return mkdtempSync(join(tmpdir(), "colloc-ingest-"));
}

/** A copy of one H200 fixture run under a new folder name; returns the copy's path. */
export function copyRun(run: string, as = run): string {
  const target = join(scratch(), as);
  cpSync(join(H200, run), target, { recursive: true });
  return target;
}
