/**
 * The kernel-traces.arrow table of a calibration set: its columns, writing traces into it and reading them back.
 * No file access here, so the explore page decodes the same table the same way as calibration does.
 */
import { tableToIPC, type Table } from "apache-arrow";
import { InputError } from "../sim/input-error.ts";
import type { StepTraces } from "../sim/replay/index.ts";
import { optional as opt, required as req, toArrowTable, type RowOf } from "./ingest/arrow-table.ts";

export const TRACE_FILE = "kernel-traces.arrow";

/**
 * One recorded step per workload (`solo`), and per probed workload the step its started-together probe recorded
 * (the kernels a job keeps after autotuning beside co-runners that autotuned too), both by workload.
 */
export type SetTraces = StepTraces;

export const TRACE_TABLE = {
  workload: req("utf8", "workload id"),
  seq: req("i32", "kernel position in the step"),
  launch_s: req("f64", "when the host had launched the kernel, seconds after the step's start"),
  dur_s: req("f64", "kernel duration alone on the whole GPU, seconds"),
  sm_demand: req("i32", "SMs the kernel's blocks can occupy at once"),
  sm_load: opt(
    "f64",
    "the kernel's blocks over the blocks one SM holds (above the GPU's SMs: it runs in waves)",
  ),
  memory_bound: req(
    "bool",
    "the kernel streams memory (by its name's class): it waits on co-runners' DRAM traffic",
  ),
  step_s: req("f64", "the workload's host time per step (same on every row of it)"),
  started_together: req(
    "bool",
    "the step of the workload's started-together probe (a job started together with others replays it), not its solo one",
  ),
};

export function traceTable(traces: SetTraces): Uint8Array {
  const phases = [
    [traces.solo, false],
    [traces.startedTogether, true],
  ] as const;
  const rows: RowOf<typeof TRACE_TABLE>[] = phases.flatMap(([byWorkload, together]) =>
    [...byWorkload.values()].flatMap((t) =>
      t.kernels.map((k, seq) => ({
        workload: t.workload,
        started_together: together,
        seq,
        launch_s: k.launchS,
        dur_s: k.durS,
        sm_demand: k.smDemand,
        sm_load: k.smLoad ?? null,
        memory_bound: k.memoryBound,
        step_s: t.stepS,
      })),
    ),
  );
  return tableToIPC(toArrowTable(TRACE_TABLE, rows), "file");
}

/** The recorded steps, kernels in order; `file` names the table in a refusal. */
export function tracesOfTable(table: Table, file = TRACE_FILE): SetTraces {
  const column = (name: keyof typeof TRACE_TABLE) => {
    const vector = table.getChild(name);
    if (!vector) throw new InputError(file, name, `a column of ${TRACE_FILE} (${TRACE_TABLE[name].doc})`);
    return vector.toArray();
  };
  const workload = column("workload") as string[];
  const [seq, launch, dur, demand, step] = (["seq", "launch_s", "dur_s", "sm_demand", "step_s"] as const).map(
    (name) => column(name) as ArrayLike<number>,
  );
  const memoryBound = column("memory_bound") as ArrayLike<boolean>;
  // Sets calibrated before 2026-12-04 have no such column: their kernels replay as one wave.
  const load = table.getChild("sm_load");
  // Sets calibrated before 2026-12-04 have no probe steps and no such column: every row is a solo step.
  const together = (table.getChild("started_together")?.toArray() ?? []) as ArrayLike<boolean>;
  const traces: SetTraces = { solo: new Map(), startedTogether: new Map() };
  for (let i = 0; i < table.numRows; i++) {
    const id = workload[i];
    const byWorkload = together[i] ? traces.startedTogether : traces.solo;
    let trace = byWorkload.get(id);
    if (!trace) byWorkload.set(id, (trace = { workload: id, stepS: step[i], kernels: [] }));
    trace.kernels[seq[i]] = {
      launchS: launch[i],
      durS: dur[i],
      smDemand: demand[i],
      ...(load?.isValid(i) ? { smLoad: load.get(i) as number } : {}),
      memoryBound: memoryBound[i],
    };
  }
  return traces;
}
