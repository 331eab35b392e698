/** `npm run gen:schema`: write scenarios/scenario.schema.json from the zod types (a test checks it is current). */
import { renameSync, writeFileSync } from "node:fs";
import { scenarioJsonSchema } from "../sim/cluster/scenario/json-schema.ts";

const target = new URL("./scenario.schema.json", import.meta.url);
const temp = new URL("./scenario.schema.json.tmp", import.meta.url);
writeFileSync(temp, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
renameSync(temp, target);
process.stdout.write(`wrote ${target.pathname}\n`);
