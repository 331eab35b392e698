/**
 * The one way colloc reads a file it was pointed at (a scenario, a trace, a sweep, a run file, a calibration
 * set): only a regular file, only up to a size limit, only text. Anything else fails with a FileError whose
 * message says why in a few words and never quotes the file's content, so a hostile path (/proc/self/environ,
 * /dev/zero, a named pipe, a folder) gives a clear error and leaks nothing.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats } from "node:fs";
import { InputError } from "../../sim/input-error.ts";
import { LIMITS, limitText, MIB, type LimitName } from "../../sim/cluster/scenario/limits.ts";

/** Why a file could not be read, in a few words ("a folder", "not found", "larger than 16 MiB"). */
export class FileError extends Error {
  override name = "FileError";
}

/** errno codes in words, for messages (the raw text also names the call and the path). */
const ERRNO: Record<string, string> = {
  ENOENT: "not found",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "a folder",
  ENOTDIR: "a path through something that is not a folder",
  ELOOP: "a loop of symbolic links",
  ENAMETOOLONG: "a name too long",
  EMFILE: "too many open files",
  EIO: "an input/output error",
};

export function errnoText(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === undefined ? "unreadable" : `${ERRNO[code] ?? "unreadable"} (${code})`;
}

const KINDS: [keyof Stats, string][] = [
  ["isDirectory", "a folder"],
  ["isCharacterDevice", "a character device"],
  ["isBlockDevice", "a block device"],
  ["isFIFO", "a named pipe"],
  ["isSocket", "a socket"],
];

/** Kernel file systems whose "regular files" are not data (/proc/self/environ, /sys/...) or are devices. */
const SPECIAL = ["/proc/", "/sys/", "/dev/"];

const size = (bytes: number) => (bytes < MIB ? `${bytes} bytes` : `${(bytes / MIB).toFixed(1)} MiB`);

function checkKind(path: string, stat: Stats): void {
  if (!stat.isFile()) {
    const kind = KINDS.find(([test]) => (stat[test] as () => boolean).call(stat));
    throw new FileError(`${kind ? kind[1] : "not a regular file"}, not a regular file`);
  }
  const real = realpathSync(path);
  const root = SPECIAL.find((r) => real.startsWith(r));
  if (root) throw new FileError(`a file under ${root.slice(0, -1)}, not a regular file`);
}

/** At most maxBytes + 1 bytes: the size stat reports can lie (/proc files say 0). */
function readUpTo(fd: number, maxBytes: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.alloc(Math.min(1 << 20, maxBytes + 1 - total));
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
    total += n;
    if (total > maxBytes) throw new FileError(`larger than ${size(maxBytes)}`);
  }
  return Buffer.concat(chunks, total);
}

/** The bytes of a regular file of at most `maxBytes`. */
export function readFileBytes(path: string, maxBytes: number): Buffer {
  let fd: number;
  try {
    // Non-blocking: opening a named pipe must not wait for a writer.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new FileError(errnoText(error));
  }
  try {
    const stat = fstatSync(fd);
    checkKind(path, stat);
    if (stat.size > maxBytes) throw new FileError(`${size(stat.size)}, larger than ${size(maxBytes)}`);
    return readUpTo(fd, maxBytes);
  } catch (error) {
    if (error instanceof FileError) throw error;
    throw new FileError(errnoText(error));
  } finally {
    closeSync(fd);
  }
}

/**
 * The text of a regular UTF-8 file of at most `maxBytes`, without a byte-order mark. Junk bytes (NUL, invalid
 * UTF-8) refuse the file, unless `lenient`: then they stay in the text, replaced, for a line-by-line reader to
 * mark (a run file whose tail a crash filled with zeros is still read up to there).
 */
export function readTextFile(path: string, maxBytes: number, lenient = false): string {
  const bytes = readFileBytes(path, maxBytes);
  if (lenient) return new TextDecoder("utf-8").decode(bytes);
  const nul = bytes.indexOf(0);
  if (nul >= 0) throw new FileError(`binary, not text (a NUL byte at byte ${nul})`);
  try {
    // fatal: junk bytes are refused, not replaced; the decoder drops a leading byte-order mark.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new FileError("not UTF-8 text");
  }
}

/**
 * The InputError for a file colloc was pointed at and could not take: it names the file, what it should be (`what`,
 * a regular `kind` file) and the size limit in force (limits.ts `limit`, at `mb` MiB), and why not (`got`).
 */
export function fileInputError(
  path: string,
  what: string,
  kind: string,
  limit: LimitName,
  mb: number,
  got: string,
): InputError {
  return new InputError(path, "", `${what}: a regular ${kind} file of ${limitText(limit, mb)}`, got);
}

/** readTextFile for a file colloc was pointed at: a problem is `fileInputError`'s InputError. */
export function readInputText(
  path: string,
  what: string,
  limit: LimitName,
  mb: number = LIMITS[limit].default,
  lenient = false,
): string {
  try {
    return readTextFile(path, mb * MIB, lenient);
  } catch (error) {
    if (!(error instanceof FileError)) throw error;
    throw fileInputError(path, what, "text", limit, mb, error.message);
  }
}
