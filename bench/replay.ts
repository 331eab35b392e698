/**
 * `npm run bench:replay`: what the kernel-level replay costs beside the fast MPS model, the figures `--mps-model
 * auto` weighs (cli/mps-model.ts: AUTO_BLEND_MAX_JOBS). On the shipped H200 set's traces: each pair of the study's
 * twelve workloads (78 mixes, copies included) replayed and predicted by the fast model, then Poisson streams of
 * 8 / 16 / 32 of them on one MPS GPU (up to four co-runners) simulated with the fast model and with the blend.
 * Prints a table, then one JSON line. No target: it says how long the blend makes a simulation of so many jobs.
 */
import { stringify } from "yaml";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadCalibrationSet, resolveSetDir } from "../calibration/set.ts";
import { loadTraces } from "../calibration/traces.ts";
import { formatTable } from "../cli/table.ts";
import { simulate } from "../sim/cluster/engine.ts";
import { loadScenario } from "../sim/cluster/scenario/resolve.ts";
import { blendMps, replayMps } from "../sim/replay/index.ts";
import { mpsRates } from "../sim/sharing/mps.ts";
import { wholeGpu } from "../sim/sharing/slice.ts";
import { STUDY_WORKLOADS } from "./study-workloads.ts";

const STREAM_JOBS = [8, 16, 32];
const FAST_REPEATS = 1000;

const set = loadCalibrationSet("h200");
const traces = loadTraces(resolveSetDir("h200"));
const slice = wholeGpu(set.gpu);

const seconds = (f: () => void) => {
  const start = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - start) / 1e9;
};

/** Per mix, seconds of the replay and of the fast model over every pair of the study's workloads. */
function pairs(): { mixes: number; replayS: number; replayMaxS: number; fastS: number } {
  const replay = replayMps(traces);
  const mixes = STUDY_WORKLOADS.flatMap((a, i) =>
    STUDY_WORKLOADS.slice(i).map((b) => [a, b].map((id) => ({ profile: set.workloads[id] }))),
  );
  const each = mixes.map((m) => seconds(() => replay(m, slice, set.sharing)));
  const fast = seconds(() => {
    for (let k = 0; k < FAST_REPEATS; k++) for (const m of mixes) mpsRates(m, slice, set.sharing);
  });
  return {
    mixes: mixes.length,
    replayS: each.reduce((s, x) => s + x, 0) / mixes.length,
    replayMaxS: Math.max(...each),
    fastS: fast / (FAST_REPEATS * mixes.length),
  };
}

/** A stream of `jobs` study jobs on one MPS H200, simulated by the fast model and by the blend. */
function stream(jobs: number) {
  const input = loadScenario(
    stringify({
      name: `stream-${jobs}`,
      seed: 1,
      calibration: "h200",
      hardware: { gpus: [{ gpu: "H200-141GB", count: 1, sharing: { mode: "mps" } }] },
      jobs: {
        generate: {
          count: jobs,
          arrivals: { poisson: { rate_per_hour: 30 } },
          mix: Object.fromEntries(STUDY_WORKLOADS.map((w) => [w, 1])),
          work: { epochs: { uniform: { min: 0.5, max: 2 } } },
        },
      },
      scheduler: { policy: "mps-pack", params: { max_co_runners: 4 } },
      output: { timeline: false, events: false, charts: false },
    }),
    {
      file: fileURLToPath(import.meta.url),
      calibration: () => set,
      readText: (path) => readFileSync(path, "utf8"),
    },
  );
  let mixes = 0;
  const fastS = seconds(() => simulate(input));
  const blendS = seconds(() => {
    mixes = simulate(input, { mps: { name: "blend", model: blendMps(traces) } }).shareCalls;
  });
  return { jobs, fastS, blendS, mixes };
}

const p = pairs();
const streams = STREAM_JOBS.map(stream);
const ms = (x: number) => (x * 1e3).toPrecision(3);
process.stdout.write(
  formatTable(
    ["case", "mixes", "fast ms", "replay or blend ms", "ratio"],
    [
      [`study pairs, per mix`, p.mixes, ms(p.fastS), ms(p.replayS), Math.round(p.replayS / p.fastS)],
      [`slowest pair`, 1, "", ms(p.replayMaxS), ""],
      ...streams.map((s) => [
        `${s.jobs} jobs on one GPU`,
        s.mixes,
        ms(s.fastS),
        ms(s.blendS),
        Math.round(s.blendS / s.fastS),
      ]),
    ],
  ),
);
process.stdout.write(
  `${JSON.stringify({
    bench: "replay",
    pairs: {
      mixes: p.mixes,
      replay_ms: Number((p.replayS * 1e3).toFixed(2)),
      replay_max_ms: Number((p.replayMaxS * 1e3).toFixed(2)),
      fast_ms: Number((p.fastS * 1e3).toFixed(5)),
    },
    streams: streams.map((s) => ({
      jobs: s.jobs,
      mixes: s.mixes,
      fast_s: Number(s.fastS.toFixed(3)),
      blend_s: Number(s.blendS.toFixed(3)),
    })),
  })}\n`,
);
