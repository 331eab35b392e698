/**
 * `colloc demo [--seed N] [--customers N] [--json]`: an M/M/1 queue on the event core, beside M/M/1 theory,
 * each estimate with its 95% confidence interval. The default run is long enough for the intervals to be a
 * few percent wide (300,000 customers, under a second).
 */
import type { Command } from "commander";
import type { Estimate } from "../../sim/demo/batch-means.ts";
import { simulateMm1, type Mm1Result } from "../../sim/demo/mm1.ts";
import { UsageError } from "../exit.ts";
import { formatTable } from "../table.ts";
import type { Register } from "./index.ts";

const ARRIVAL_RATE = 0.8;
const SERVICE_RATE = 1;
const CUSTOMERS = 300_000;
/** Enough for intervals a few parts in ten thousand wide (about 10 s); more only fills memory and time. */
const MAX_CUSTOMERS = 10_000_000;

function nonNegativeInteger(flag: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max.toLocaleString("en")}`;
  return (text: string): number => {
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
      throw new UsageError(`${flag}: expected an integer ${range}, got ${JSON.stringify(text)}`);
    }
    return value;
  };
}

const interval = (e: Estimate | null) => (e ? `${e.mean.toFixed(3)} ± ${e.halfWidth.toFixed(3)}` : "-");
const within = (e: Estimate | null, theory: number | undefined) =>
  e === null || theory === undefined ? "-" : Math.abs(e.mean - theory) <= e.halfWidth ? "yes" : "no";

function table(result: Mm1Result): string {
  const { intervals: ci, theory } = result;
  const rows = [
    [
      "mean wait in queue",
      result.meanWait,
      interval(ci.meanWait),
      theory?.meanWait,
      within(ci.meanWait, theory?.meanWait),
    ],
    [
      "mean time in system",
      result.meanTimeInSystem,
      interval(ci.meanTimeInSystem),
      theory?.meanTimeInSystem,
      within(ci.meanTimeInSystem, theory?.meanTimeInSystem),
    ],
    [
      "server utilization",
      result.utilization,
      interval(ci.utilization),
      theory?.utilization,
      within(ci.utilization, theory?.utilization),
    ],
  ];
  const heading =
    `M/M/1 queue: ${result.customers} customers, arrival rate ${result.arrivalRate}, ` +
    `service rate ${result.serviceRate}, seed ${result.seed}\n\n`;
  const note =
    "\nsteady state: batch means of 20 batches after the first 10% of customers, 95% confidence interval;\n" +
    "theory should lie within the interval in about 19 runs out of 20.\n";
  return (
    heading +
    formatTable(["metric", "whole run", "steady state (95% CI)", "M/M/1 theory", "theory within"], rows) +
    note
  );
}

export const registerDemo: Register = (program: Command) => {
  program
    .command("demo")
    .description("run a small M/M/1 queue on the event core and compare it with queueing theory")
    .option("--seed <n>", "seed of the random streams", nonNegativeInteger("--seed", 0), 1)
    .option(
      "--customers <n>",
      "customers to serve",
      nonNegativeInteger("--customers", 1, MAX_CUSTOMERS),
      CUSTOMERS,
    )
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
