/**
 * `npm run bench:cluster`: simulation speed and peak memory on 6,500 MPS GPUs (MPS packing, rates recomputed
 * at every co-runner change) for synthetic Poisson streams of 10,000 / 100,000 / 1,000,000 jobs, for the
 * Alibaba openb trace (its 6,212 GPUs), and for the openb trace's 8,152 pods placed in fill order on its 1,213
 * nodes under each node-aware policy (the FGD paper's evaluation). Each run is a child process, so its peak RSS
 * is its own. Prints a table, then one JSON line. Targets: openb <= 2 s; openb fill <= 5 s with any policy;
 * 100,000 jobs <= 10 s and <= 1 GB; cost about linear in jobs.
 * `seconds` is the simulation alone (building the stream from the scenario is not counted; peak memory is).
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import { loadCalibrationSet, resolveSetDir } from "../calibration/set.ts";
import { formatTable } from "../cli/table.ts";
import { simulate } from "../sim/cluster/engine.ts";
import { loadScenario, type CalibrationSource } from "../sim/cluster/scenario/resolve.ts";
import { readFileSync } from "node:fs";
import { calibration as testCalibration } from "../test/cluster/fixtures.ts";
import { STUDY_WORKLOADS } from "./study-workloads.ts";

/** The FGD paper's evaluation: the whole openb trace placed in fill order on its own nodes, one run per policy. */
const FILL_POLICIES = ["fgd", "best-fit", "dot-product", "gpu-packing", "gpu-clustering", "random-fit"];
/**
 * The synthetic streams draw the study's twelve workloads; `-all` draws every workload of the set (the H200 set's
 * many make many more distinct co-runner sets, each a sharing-model evaluation the memo cannot reuse).
 */
const RUNS = [
  "openb",
  ...FILL_POLICIES.map((p) => `openb-fill-${p}`),
  "synthetic-10000",
  "synthetic-100000",
  "synthetic-1000000",
  "synthetic-100000-all",
];
const OPENB_SHIPPED = "../scenarios/traces/alibaba-openb";
const OPENB = `${OPENB_SHIPPED}/openb_pod_list_default.csv`;

interface Measured {
  name: string;
  jobs: number;
  gpus: number;
  seconds: number;
  /** CPU time of the simulation (user + system): less sensitive than wall time to a busy machine. */
  cpuSeconds: number;
  peakMB: number;
  /** Distinct co-runner sets the sharing model was run for (the memo's misses). */
  modelCalls: number;
  calibration: string;
}

/** The shipped H200 set when there is one, else the tests' hand-made profiles (said in the output). */
function calibrationSource(): { name: string; source: CalibrationSource } {
  try {
    resolveSetDir("h200");
    return { name: "h200", source: loadCalibrationSet("h200") };
  } catch {
    return { name: "test-fixture", source: testCalibration };
  }
}

function scenario(name: string, workloads: string[]): object {
  const mix = Object.fromEntries(workloads.map((w) => [w, 1]));
  const base = {
    name,
    seed: 1,
    calibration: "bench",
    scheduler: { policy: "mps-pack", params: { max_co_runners: 4 } },
  };
  if (name.startsWith("openb-fill-")) {
    return {
      ...base,
      hardware: {
        nodes: {
          format: "openb",
          path: `${OPENB_SHIPPED}/openb_node_list_gpu_node.csv`,
          sharing: { mode: "naive" },
        },
      },
      jobs: {
        trace: { format: "openb", path: `${OPENB_SHIPPED}/openb_pod_list_default.csv`, replay: "fill" },
      },
      scheduler: { policy: name.slice("openb-fill-".length), params: {} },
    };
  }
  if (name === "openb") {
    return {
      ...base,
      hardware: { gpus: [{ gpu: "H200-141GB", count: 6212, sharing: { mode: "mps" } }] },
      jobs: { trace: { format: "openb", path: OPENB, mix } },
    };
  }
  const count = Number(name.split("-")[1]);
  return {
    ...base,
    hardware: { gpus: [{ gpu: "H200-141GB", count: 6500, sharing: { mode: "mps" } }] },
    jobs: {
      generate: {
        count,
        arrivals: { poisson: { rate_per_hour: 20_000 } },
        mix,
        work: { iterations: { uniform: { min: 500, max: 5000 } } },
      },
    },
  };
}

function child(name: string): void {
  const { name: calibration, source } = calibrationSource();
  const all = Object.keys(source.workloads);
  const study = all.filter((w) => STUDY_WORKLOADS.includes(w));
  const mix = name.endsWith("-all") || study.length === 0 ? all : study;
  const input = loadScenario(stringify(scenario(name, mix)), {
    file: fileURLToPath(import.meta.url),
    calibration: () => source,
    readText: (path) => readFileSync(path, "utf8"),
  });
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const run = simulate(input);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  const measured: Measured = {
    name,
    jobs: input.jobs.length,
    gpus: input.gpus.length,
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    peakMB: process.resourceUsage().maxRSS / 1024,
    modelCalls: run.shareCalls,
    calibration,
  };
  process.stdout.write(`${JSON.stringify(measured)}\n`);
}

function parent(): void {
  const runs: Measured[] = [];
  for (const name of RUNS) {
    const out = spawnSync(
      process.execPath,
      ["--import", "tsx", fileURLToPath(import.meta.url), "--child", name],
      {
        encoding: "utf8",
        maxBuffer: 1 << 20,
      },
    );
    if (out.status !== 0) throw new Error(`bench run ${name} failed:\n${out.stderr}`);
    runs.push(JSON.parse(out.stdout.trim().split("\n").pop()!) as Measured);
  }
  process.stdout.write(
    formatTable(
      ["run", "jobs", "GPUs", "seconds", "CPU s", "jobs/s", "peak MB", "model calls", "calibration"],
      runs.map((r) => [
        r.name,
        r.jobs,
        r.gpus,
        r.seconds,
        r.cpuSeconds,
        Math.round(r.jobs / r.seconds),
        Math.round(r.peakMB),
        r.modelCalls,
        r.calibration,
      ]),
    ),
  );
  const json = runs.map(({ name, jobs, gpus, seconds, peakMB, modelCalls }) => ({
    name,
    jobs,
    gpus,
    seconds: Number(seconds.toFixed(3)),
    peakMB: Math.round(peakMB),
    modelCalls,
  }));
  process.stdout.write(`${JSON.stringify({ bench: "cluster", runs: json })}\n`);
}

const at = process.argv.indexOf("--child");
if (at >= 0) child(process.argv[at + 1]);
else parent();
