/**
 * `colloc calibrate DIR --base SET`: the workloads of an ingested dataset added to a copy of a calibration set.
 * The base's global sharing parameters are kept as fitted on its own runs (provenance.base says which set, made
 * how and when); each workload of DIR gets its profile from DIR alone: solo figures, SM curve, kernel trace,
 * least memory, start-up, and its own time-sliced start-up wait where DIR has it start beside a busy job. DIR may
 * be of another GPU: its set then keeps the base's sharing parameters alone (`baseOn`).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { JobTrace } from "../sim/replay/index.ts";
import type { CalibrationOutput } from "./calibrate.ts";
import type { Dataset } from "./dataset.ts";
import { datasetGpu, type DatasetGpu } from "./dataset-gpu.ts";
import { outsideMpsFitRange } from "./fit/mps-range.ts";
import { fitProfiles, withoutWorkloads, type SmPointRow } from "./fit/profiles.ts";
import { fitStartupWaits } from "./fit/startup.ts";
import { readTable } from "./ingest/read.ts";
import { measuredRuns } from "./measured.ts";
import type { CalibrationSet } from "./set-schema.ts";
import { smPointTable, workloadTable } from "./tables.ts";
import { TRACE_FILE, traceTable } from "./trace-table.ts";
import { loadTraces, tracesFromDataset } from "./traces.ts";

/** A set as loaded for extension: the name it was asked by, its folder (for its tables), its parameters. */
export interface BaseSet {
  name: string;
  dir: string;
  set: CalibrationSet;
}

/** Comma-joined distinct values of both lists, sorted (the provenance's version fields). */
const union = (a: string | undefined, b: (string | null)[]) =>
  [...new Set([...(a ? a.split(", ") : []), ...b.filter((v): v is string => !!v)])].sort().join(", ");

function smPointRows(dir: string): SmPointRow[] {
  const file = join(dir, "sm-points.arrow");
  return existsSync(file)
    ? readTable(file)
        .toArray()
        .map((row) => row.toJSON() as SmPointRow)
    : [];
}

/**
 * The base as DIR's GPU sees it. On the base's GPU, all of it. On another, its sharing parameters alone (they are
 * ratios of how co-runners share a GPU, taken to hold for another GPU until its own mixes are fitted), with that
 * GPU's power figures: the base's workloads, traces, SM points, fit errors of workloads and MIG slice speeds are
 * its GPU's speeds and stay behind.
 */
function baseOn(base: BaseSet, { spec, gpu }: DatasetGpu): { set: CalibrationSet; across: boolean } {
  const old = base.set;
  if (spec.name === old.gpu.name) return { set: old, across: false };
  const { migSlices: _, ...rest } = old;
  return {
    across: true,
    set: {
      ...rest,
      gpu,
      sharing: { ...old.sharing, idlePowerW: spec.power.idleW, maxPowerW: spec.power.maxW },
      workloads: {},
      fitErrors: Object.fromEntries(
        Object.entries(old.fitErrors).filter(([k]) => !k.startsWith("workloads.")),
      ),
      transfers: Object.keys(old.sharing)
        .filter((k) => k !== "idlePowerW" && k !== "maxPowerW")
        .map((k) => ({
          path: `sharing.${k}`,
          from: `${old.gpu.name} (set ${base.name})`,
          method: "kept as fitted",
        })),
      skipped: [],
      warnings: [
        `sharing parameters kept as ${base.name} fitted them on ${old.gpu.name}'s co-running runs; this set's ` +
          `profiles are ${spec.name}'s: calibrate without --base, with its own co-running runs, fits them here`,
      ],
    },
  };
}

/** An extended set, with what the dataset brought to it. */
export interface Extension extends CalibrationOutput {
  /** The base's workloads were kept (the dataset is of the base's GPU); otherwise its sharing parameters alone. */
  keptWorkloads: boolean;
  /** The warnings of this extension; the set's own list keeps the base's before them. */
  warnings: string[];
}

export function extendSet(base: BaseSet, ds: Dataset, command: string): Extension {
  const runs = measuredRuns(ds);
  const { set: old, across } = baseOn(base, datasetGpu(ds, runs));
  const fitted = fitProfiles(ds, runs, old.gpu.name, old.gpu.sms);
  const shared = runs.filter((r) => r.usable && !r.validation && r.procs.length > 1 && r.mode !== "replay");
  const ids = Object.keys(fitted.profiles);
  const isNew = (id: string) => Object.hasOwn(fitted.profiles, id);
  const waits = fitStartupWaits({ ...old, workloads: { ...old.workloads, ...fitted.profiles } }, ds);
  const added = Object.fromEntries(
    ids.map((id) => {
      const waitS = waits.byWorkload.get(id);
      return [
        id,
        waitS === undefined ? fitted.profiles[id] : { ...fitted.profiles[id], startupWaitS: waitS },
      ];
    }),
  );
  const kept = Object.fromEntries(Object.entries(old.workloads).filter(([id]) => !isNew(id)));
  const workloads = Object.fromEntries(
    Object.entries({ ...kept, ...added }).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  const waitless = ids.filter(
    (id) => added[id].startupS !== undefined && added[id].startupWaitS === undefined,
  );
  const warnings = [
    ...ids
      .filter((id) => Object.hasOwn(old.workloads, id))
      .map((id) => `${id}: replaces the profile ${base.name} had`),
    ...fitted.warnings,
    ...(old.mpsFitRange === undefined ? [] : outsideMpsFitRange(Object.values(added), old.mpsFitRange)),
    ...(shared.length === 0
      ? []
      : [
          `${shared.length} co-running run(s) of ${ds.dir} not fitted (${shared.map((r) => r.runId).join(", ")}): ` +
            `--base keeps ${base.name}'s sharing parameters (calibrate without --base fits them)`,
        ]),
    ...(waitless.length === 0
      ? []
      : [
          `no time-sliced start-up wait of its own for ${waitless.join(", ")} (none started beside a job that kept ` +
            `the GPU busy half the time or more): their start-ups wait ${base.name}'s startupWait ` +
            `(${old.sharing.startupWait.toFixed(3)}) per second of their solo start-up and unit of co-runner demand`,
        ]),
  ];
  const used = ds.runs.filter((r) => fitted.runsUsed.includes(r.run_id) || waits.runs.includes(r.run_id));
  const newest = Math.max(...ds.runs.map((r) => (r.ended_at ?? r.started_at) * 1000));
  const p = old.provenance;
  const software = (key: "python" | "torch" | "timm" | "profiler") =>
    union(
      p.software[key],
      used.map((r) => r[key]),
    );
  const set: CalibrationSet = {
    ...old,
    provenance: {
      command,
      date: new Date(Math.max(Date.parse(p.date), newest)).toISOString(),
      driver: union(
        p.driver,
        used.map((r) => r.driver),
      ),
      cuda: union(
        p.cuda,
        used.map((r) => r.cuda),
      ),
      software: {
        python: software("python"),
        torch: software("torch"),
        timm: software("timm"),
        profiler: software("profiler"),
      },
      runs: [...new Set([...p.runs, ...used.map((r) => r.run_id)])].sort(),
      sources: [...p.sources, ds.dir],
      ...(p.notes === undefined ? {} : { notes: p.notes }),
      base: { set: base.name, command: p.command, date: p.date },
    },
    workloads,
    fitErrors: {
      ...Object.fromEntries(
        Object.entries(old.fitErrors).filter(([k]) => !ids.some((id) => k === `workloads.${id}.smCurve`)),
      ),
      ...fitted.fitErrors,
    },
    transfers: old.transfers.filter((t) => !ids.some((id) => t.path.startsWith(`workloads.${id}.`))),
    skipped: [...old.skipped.filter((s) => !isNew(s.workload)), ...fitted.skipped],
    // A base warning about one workload (its id first) goes with the profile DIR replaces, and a replaced workload
    // leaves the base's lists; DIR's own warnings follow.
    warnings: [
      ...old.warnings
        .filter((w) => !ids.some((id) => w.startsWith(`${id}: `)))
        .map((w) => withoutWorkloads(w, ids))
        .filter((w): w is string => w !== undefined),
      ...warnings,
    ],
  };
  const oldTraces = !across && existsSync(join(base.dir, TRACE_FILE)) ? loadTraces(base.dir) : undefined;
  const newTraces = tracesFromDataset(ds, fitted.soloRuns, added, old.gpu.sms);
  // The base's traces of workloads DIR does not replace, and DIR's, in workload order.
  const merged = (kept: Map<string, JobTrace> | undefined, fresh: Map<string, JobTrace>) =>
    new Map([...[...(kept ?? [])].filter(([w]) => !isNew(w)), ...fresh].sort(([a], [b]) => (a < b ? -1 : 1)));
  const traces = {
    solo: merged(oldTraces?.solo, newTraces.solo),
    startedTogether: merged(oldTraces?.startedTogether, newTraces.startedTogether),
  };
  const points = [
    ...(across ? [] : smPointRows(base.dir)).filter((r) => !isNew(r.workload)),
    ...fitted.smPoints,
  ];
  return {
    set,
    keptWorkloads: !across,
    // Across GPUs the base's warnings stayed behind, and baseOn's own says why.
    warnings: [...(across ? old.warnings : []), ...warnings],
    tables: {
      "workloads.arrow": workloadTable(Object.values(workloads)),
      "sm-points.arrow": smPointTable(points),
      [TRACE_FILE]: traceTable(traces),
    },
  };
}
