/**
 * Every subcommand, in the order `colloc --help` lists them. A command's module is imported only when that
 * command runs, so `colloc gpus` does not pay for loading Arrow, vega and the simulator.
 */
import type { Command } from "commander";

export type Register = (program: Command) => void;

export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<Register>;
}

export const commands: CommandEntry[] = [
  {
    name: "study",
    summary: "replay the study's experiments 33-37 on the shipped calibration: table and findings",
    load: async () => (await import("./study.ts")).registerStudy,
  },
  {
    name: "run",
    summary: "simulate one scenario: Arrow tables, summary JSON, charts",
    load: async () => (await import("./run.ts")).registerRun,
  },
  {
    name: "sweep",
    summary: "run a grid of scenarios over worker threads (sharding, merge)",
    load: async () => (await import("./sweep.ts")).registerSweep,
  },
  {
    name: "scenario",
    summary: "check scenario files, print the scenario JSON Schema",
    load: async () => (await import("./scenario.ts")).registerScenario,
  },
  {
    name: "gpus",
    summary: "list the GPU catalog: SMs, memory, bandwidth, clocks, power, MIG profiles",
    load: async () => (await import("./gpus.ts")).registerGpus,
  },
  {
    name: "mig",
    summary: "MIG geometry: enumerate layouts, check a requested geometry",
    load: async () => (await import("./mig.ts")).registerMig,
  },
  {
    name: "ingest",
    summary: "read profiler run folders, check every record against its schema, write Arrow tables",
    load: async () => (await import("./ingest.ts")).registerIngest,
  },
  {
    name: "calibrate",
    summary: "fit workload profiles and sharing-model parameters from ingested runs",
    load: async () => (await import("./calibrate.ts")).registerCalibrate,
  },
  {
    name: "calibrate-a100",
    summary: "build the A100-SXM4-40GB calibration set from the MISO MIG iteration times",
    load: async () => (await import("./calibrate-a100.ts")).registerCalibrateA100,
  },
  {
    name: "validate",
    summary: "compare a calibration set's predictions with measured runs, job by job",
    load: async () => (await import("./validate.ts")).registerValidate,
  },
  {
    name: "explore",
    summary: "an interactive page that teaches collocation, the simulator running in it",
    load: async () => (await import("./explore.ts")).registerExplore,
  },
  {
    name: "report",
    summary: "write a self-contained HTML report of a results folder",
    load: async () => (await import("./report.ts")).registerReport,
  },
  {
    name: "demo",
    summary: "run a small M/M/1 queue on the event core and compare it with queueing theory",
    load: async () => (await import("./demo.ts")).registerDemo,
  },
];
