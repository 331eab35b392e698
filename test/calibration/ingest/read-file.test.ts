import test, { type ExecutionContext } from "ava";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileError, readTextFile } from "../../../calibration/ingest/read-file.ts";

const dir = mkdtempSync(join(tmpdir(), "colloc-read-file-"));
const MIB = 1024 * 1024;

/** Why reading `path` fails (a FileError's message). */
function why(t: ExecutionContext, path: string, maxBytes = MIB): string {
  return t.throws(() => readTextFile(path, maxBytes), { instanceOf: FileError })!.message;
}

test("a regular UTF-8 file is read, without its byte-order mark", (t) => {
  writeFileSync(join(dir, "bom.csv"), "\ufeffarrival_s,workload\n0,a\n");
  t.is(readTextFile(join(dir, "bom.csv"), MIB), "arrival_s,workload\n0,a\n");
});

test("only regular files: folders, devices, named pipes and kernel files are refused by kind", (t) => {
  mkdirSync(join(dir, "folder"));
  spawnSync("mkfifo", [join(dir, "pipe")]); // opened without blocking: no writer needed
  t.is(why(t, join(dir, "folder")), "a folder, not a regular file");
  t.is(why(t, "/dev/zero"), "a character device, not a regular file");
  t.is(why(t, join(dir, "pipe")), "a named pipe, not a regular file");
  t.is(why(t, "/proc/self/environ"), "a file under /proc, not a regular file");
  t.is(why(t, join(dir, "missing")), "not found (ENOENT)");
});

test("a file over the limit is refused before it is read whole", (t) => {
  writeFileSync(join(dir, "big"), "x".repeat(2048));
  t.is(why(t, join(dir, "big"), 1024), "2048 bytes, larger than 1024 bytes");
});

test("binary or non-UTF-8 content is refused, and never quoted", (t) => {
  writeFileSync(join(dir, "nul"), "secret=hunter2\u0000more");
  writeFileSync(join(dir, "latin1"), Buffer.from([0x61, 0xff, 0xfe, 0x62]));
  t.is(why(t, join(dir, "nul")), "binary, not text (a NUL byte at byte 14)");
  t.is(why(t, join(dir, "latin1")), "not UTF-8 text");
});

test("lenient reading keeps junk bytes for a line reader to mark", (t) => {
  t.is(readTextFile(join(dir, "nul"), MIB, true), "secret=hunter2\u0000more");
});
