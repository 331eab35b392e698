/** `npm run gen:study`: write scenarios/study/{a100,h200}/*.yaml from the study's experiment matrix. */
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { STUDY_GPUS, studyFiles } from "./study-matrix.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "study");
const files = studyFiles(readFileSync(join(root, "paper-experiment-matrix.csv"), "utf8"));
for (const folder of Object.values(STUDY_GPUS)) {
  mkdirSync(join(root, folder), { recursive: true });
  for (const name of readdirSync(join(root, folder)))
    if (!files.has(`${folder}/${name}`)) rmSync(join(root, folder, name)); // stale from an older matrix
}
for (const [path, text] of files) {
  const target = join(root, path);
  writeFileSync(`${target}.tmp`, text);
  renameSync(`${target}.tmp`, target);
}
process.stdout.write(`wrote ${files.size} scenarios under ${root}\n`);
