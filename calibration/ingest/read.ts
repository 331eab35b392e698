/** Read colloc Arrow IPC files back (for the notebooks, calibration and validation). */
import { tableFromIPC, type Table } from "apache-arrow";
import { readFileSync } from "node:fs";
import { InputError } from "../../sim/input-error.ts";

/** One Arrow IPC file (file or stream format) as an Arrow table. */
export function readTable(path: string): Table {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    throw new InputError(path, "", "a readable Arrow IPC file");
  }
  // Arrow reads no bytes as a table without columns: say what is wrong with the file, not that a column is missing.
  if (bytes.length === 0) throw new InputError(path, "", "a whole Arrow IPC file", "an empty file");
  try {
    return tableFromIPC(bytes);
  } catch {
    // Arrow's own words ("reading 'fieldsLength'") would not tell the user what is wrong with the file.
    throw new InputError(path, "", "a whole Arrow IPC file", "one cut off, or not Arrow");
  }
}
