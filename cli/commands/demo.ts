/** `colloc demo [--seed N] [--customers N] [--json]`: an M/M/1 queue on the event core, beside M/M/1 theory. */
import type { Command } from "commander";
import { simulateMm1, type Mm1Result } from "../../sim/core/mm1.ts";
import { UsageError } from "../exit.ts";
import { formatTable } from "../table.ts";
import type { Register } from "./index.ts";

const ARRIVAL_RATE = 0.8;
const SERVICE_RATE = 1;

function nonNegativeInteger(flag: string, min: number) {
  return (text: string): number => {
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min) {
      throw new UsageError(`${flag}: expected an integer >= ${min}, got ${JSON.stringify(text)}`);
    }
    return value;
  };
}

function table(result: Mm1Result): string {
  const rows = [
    ["mean wait in queue", result.meanWait, result.theory?.meanWait],
    ["mean time in system", result.meanTimeInSystem, result.theory?.meanTimeInSystem],
    ["server utilization", result.utilization, result.theory?.utilization],
  ];
  const heading =
    `M/M/1 queue: ${result.customers} customers, arrival rate ${result.arrivalRate}, ` +
    `service rate ${result.serviceRate}, seed ${result.seed}\n\n`;
  return heading + formatTable(["metric", "simulated", "M/M/1 theory"], rows);
}

export const registerDemo: Register = (program: Command) => {
  program
    .command("demo")
    .description("run a small M/M/1 queue on the event core and compare it with queueing theory")
    .option("--seed <n>", "seed of the random streams", nonNegativeInteger("--seed", 0), 1)
    .option("--customers <n>", "customers to serve", nonNegativeInteger("--customers", 1), 500)
    .option("--json", "print the result as one JSON object")
    .action((options: { seed: number; customers: number; json?: boolean }) => {
      const result = simulateMm1({
        seed: options.seed,
        customers: options.customers,
        arrivalRate: ARRIVAL_RATE,
        serviceRate: SERVICE_RATE,
      });
      process.stdout.write(options.json ? `${JSON.stringify(result)}\n` : table(result));
    });
};
